// What the account, to-do, news and meta endpoints answer (SPEC §2, §7); components use the inferred types.
import * as z from 'zod/mini';
import { dayString, idAnswer, instant, safeString } from './common';
import { LOCKABLE_FIELDS } from '../rules/profile';
import { TO_DO_TYPES } from './user';

const text = z.nullable(safeString());
const accountType = z.enum(['SOFT', 'STRICT']);

/** GET /api/user: the signed-in user's own profile (never the password hash). */
/** The user row's own fields (what completeness and locks are judged on). */
export const userCoreDto = z.object({
  id: idAnswer,
  admin: z.boolean(),
  type: accountType,
  type_of_person: z.enum(['NATURAL', 'LEGAL']),
  language: safeString(),
  username: safeString(),
  first_name: text,
  last_name: text,
  birthday: z.nullable(dayString),
  phone_1: text,
  phone_2: text,
  hide_phone_number: z.boolean(),
  hide_last_name: z.boolean(),
  nationality: text,
  country_of_residence: text,
  business_type: z.nullable(z.enum(['BUSINESS', 'ORGANIZATION', 'SOLETRADER'])),
  business_name: text,
  company_number: text,
  u_address1: text,
  u_address2: text,
  u_postal_code: text,
  u_city: text,
  u_country: text,
  u_region: text,
  personal_number: text,
  organization_number: text,
  tin_number: text,
  vat_registered: z.nullable(z.enum(['YES', 'NO'])),
  vat_number: text,
  /** Percent with at most one decimal (stored in tenths). */
  vat_rate: z.nullable(z.number()),
  /** The payout account (SPEC §5 payout person): shown to its owner only. */
  iban: text,
  bank_owner: text,
  hq_address1: text,
  hq_address2: text,
  hq_postal_code: text,
  hq_city: text,
  hq_country: text,
  hq_region: text,
  bank_account_added_at: z.nullable(instant),
  /** A new payout bank account waits for its SCA at the payment provider (SPEC §3), under this recipient. */
  pending_recipient_change: z.boolean(),
  /** The host's DAC7 data is complete (tax number, birthday, address). */
  dac7_valid: z.boolean(),
  mango_recipient_id: z.nullable(safeString()),
  payment_terms_accepted: z.boolean(),
  bankid_verified_at: z.nullable(instant),
  kyc_status: safeString(),
  booking_active: z.boolean(),
  booking_valid: z.boolean(),
  can_change_name: z.boolean(),
  has_password: z.boolean(),
  /** The profile fields this user may not change (lib/rules/profile.ts lockedFields). */
  locked_fields: z.array(z.enum(LOCKABLE_FIELDS)),
});
export type UserCore = z.infer<typeof userCoreDto>;
/** GET/PUT /api/user: the row's fields and the facts the profile form depends on. */
export const userDto = z.extend(userCoreDto, {
  /** SPEC §6: the show-phone option is offered only to hosts with a fixed-price ad. */
  has_fixed_cottages: z.boolean(),
  has_reviewed_cottages: z.boolean(),
});
export type User = z.infer<typeof userDto>;
/** PUT /api/user/host-information: the user, and the bank's SCA step when the provider asks for one (SPEC §4 "Payout save"). */
export const hostInformationDto = z.extend(userDto, { sca_bank_status: z.nullable(z.enum(['PENDING', 'ACTIVE'])), sca_bank_action_url: z.nullable(safeString()) });
export type HostInformationAnswer = z.infer<typeof hostInformationDto>;

/** GET /api/auth/bankid/token: the session to collect, where the app starts, the first QR code. */
export const bankIdLoginStartDto = z.object({ token: safeString(), app_url: safeString(), qr_svg: z.nullable(safeString()) });
/** POST /api/auth/bankid/login while BankID is pending (success is `{ message: 'success' }`; a mismatch is a 400). */
export const bankIdLoginDto = z.union([z.object({ status: z.literal('pending'), hint_code: z.nullable(safeString()), qr_svg: z.nullable(safeString()) }), z.object({ message: z.literal('success') })]);

/** POST /api/auth/token: signed in; the account's type decides where the link leads. */
export const tokenLoginDto = z.object({ message: z.literal('success'), type: accountType });
/** POST /api/user: the new SOFT account. */
export const createAccountDto = z.object({ message: z.literal('success'), id: idAnswer, type: accountType });
/** POST /api/user/checkUsername */
export const checkUsernameDto = z.object({ exists: z.boolean(), type: z.nullable(accountType) });
export type CheckUsername = z.infer<typeof checkUsernameDto>;
/** GET /api/user/resetPassword/{token} */
export const resetLinkDto = z.object({ valid: z.boolean() });

/** GET /api/user/todo: one item; `value.id` is the conversation, ad, booking or news item it is about. */
export const todoItemDto = z.object({
  type: z.enum(TO_DO_TYPES),
  value: z.object({ read: z.boolean(), id: idAnswer, conversation_id: z.nullable(idAnswer), title: text }),
});
export type TodoItem = z.infer<typeof todoItemDto>;
export const todoList = z.array(todoItemDto);

/** GET /api/user/events */
export const userEventList = z.array(z.object({ id: idAnswer, type: safeString(), data: z.record(safeString(), z.unknown()), created_at: instant }));
/** POST /api/user/events: stored (with its id), or left out when its data is too large. */
export const userEventStoredDto = z.object({ message: z.literal('success'), id: z.optional(idAnswer), stored: z.optional(z.literal(false)) });

/** GET /api/news */
export const newsSummaryDto = z.object({ id: idAnswer, title: safeString(), published_from: instant, read: z.boolean() });
export type NewsSummary = z.infer<typeof newsSummaryDto>;
export const newsList = z.array(newsSummaryDto);
/** GET /api/news/{id}: the body is sanitized HTML. */
export const newsItemDto = z.object({ ...newsSummaryDto.shape, body: safeString() });
export type NewsItem = z.infer<typeof newsItemDto>;

/** GET /api/flags: feature flags, default off. */
export const flagsDto = z.record(safeString(), z.boolean());

/** GET /api/dev/outbox: the sandbox's sent mail, newest first. */
export const outboxList = z.array(z.object({ id: idAnswer, to: safeString(), subject: safeString(), text: safeString(), html: text, created_at: instant }));
export type OutboxMail = z.infer<typeof outboxList>[number];

/** GET /api/openapi.json: an OpenAPI 3.1 document (its own shape is OpenAPI's). */
export const openApiDocument = z.looseObject({
  openapi: safeString(),
  info: z.looseObject({ title: safeString(), version: safeString() }),
  paths: z.record(safeString(), z.record(safeString(), z.unknown())),
  components: z.looseObject({ schemas: z.record(safeString(), z.unknown()) }),
});
