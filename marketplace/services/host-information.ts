import 'server-only';
import { eq } from 'drizzle-orm';
import { missingProfileFields } from '@/lib/rules/profile';
import { cleanIban } from '@/lib/rules/payout';
import { hostInformationSchema } from '@/lib/schemas/payout';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { validate } from '../http/api';
import { ApiError } from '../http/errors';
import { payoutAccounts, payoutRecipients, type AccountHolder } from '../providers/mangopay-accounts';
import { withReturn } from './payout-sca';
import { actionUrlValid } from '@/lib/rules/sca';
import { confirmSave } from './profile';
import { getUser, userDto, userView, type UserRow } from './users';

// PUT /api/user/host-information (SPEC §4 "Payout save", §5 "Payout person"): the host's payout
// details on top of the complete profile, saved at the payment provider first and then here.

const isCompany = (row: UserRow) => row.typeOfPerson === 'LEGAL' && (row.businessType === 'BUSINESS' || row.businessType === 'ORGANIZATION');

export async function saveHostInformation(db: Db, actor: SessionUser, input: unknown) {
  const row = await getUser(db, actor.id);
  if (missingProfileFields(userDto(row)).length) throw new ApiError(400, 'payout.profileIncomplete');
  const company = isCompany(row);
  const body = validate(hostInformationSchema({ company, nationality: row.nationality, termsNeeded: !row.paymentTermsAcceptedAt }), input);
  await confirmSave(db, actor, row, body.password);

  const address = { AddressLine1: row.uAddress1!, AddressLine2: row.uAddress2, City: row.uCity!, Region: row.uRegion, PostalCode: row.uPostalCode!, Country: row.uCountry! };
  const hq = company
    ? { AddressLine1: body.hq_address1!, AddressLine2: body.hq_address2 ?? null, City: body.hq_city!, Region: body.hq_region ?? null, PostalCode: body.hq_postal_code!, Country: body.hq_country! }
    : null;
  const holder: AccountHolder = {
    email: row.username,
    firstName: row.firstName!,
    lastName: row.lastName!,
    birthday: row.birthday!,
    nationality: row.nationality!,
    countryOfResidence: row.countryOfResidence!,
    address,
    company:
      row.typeOfPerson === 'LEGAL' && row.businessType
        ? { type: row.businessType, name: row.businessName ?? `${row.firstName} ${row.lastName}`, number: row.organizationNumber, headquarters: hq ?? address }
        : null,
  };
  const mangoUserId = await payoutAccounts.saveHolder(row.mangoUserId, holder);
  const iban = cleanIban(body.iban);
  const sameAccount = row.mangoBankAccountId && mangoUserId === row.mangoUserId && iban === row.iban && body.owner === row.bankOwner;
  const accountId = sameAccount
    ? row.mangoBankAccountId
    : await payoutAccounts.replaceIban(mangoUserId, { iban, owner: body.owner, address: hq ?? address }, mangoUserId === row.mangoUserId ? row.mangoBankAccountId : null);
  // A new account needs its SCA; so does the same one whose SCA was never done and whose action URL has expired.
  const needsRecipient = !sameAccount || (!row.bankAccountAddedAt && !actionUrlValid(row.scaBankActionAt, new Date()));
  const recipient = needsRecipient ? await payoutRecipients.create(mangoUserId, { iban, owner: body.owner, company: holder.company !== null, address: hq ?? address }) : null;

  await db
    .update(users)
    .set({
      tinNumber: body.tin_number,
      iban,
      bankOwner: body.owner,
      hqAddress1: hq ? body.hq_address1 : null,
      hqAddress2: hq ? (body.hq_address2 ?? null) : null,
      hqPostalCode: hq ? body.hq_postal_code : null,
      hqCity: hq ? body.hq_city : null,
      hqCountry: hq ? body.hq_country : null,
      hqRegion: hq ? (body.hq_region ?? null) : null,
      mangoUserId,
      mangoBankAccountId: accountId,
      // A new account is added once its SCA is done (the recipient ACTIVE): payouts wait until then.
      ...(recipient ? { bankAccountAddedAt: null, mangoRecipientId: recipient.id, scaBankActionUrl: recipient.actionUrl, scaBankActionAt: new Date() } : {}),
      paymentTermsAcceptedAt: row.paymentTermsAcceptedAt ?? new Date(),
    })
    .where(eq(users.id, actor.id));
  // SPEC §4 "Payout save": a new account waits for SCA; the host is sent to the action URL.
  const saved = await getUser(db, actor.id);
  const pending = saved.mangoRecipientId !== null && saved.bankAccountAddedAt === null && saved.scaBankActionUrl !== null;
  return {
    ...(await userView(db, saved)),
    sca_bank_status: pending ? ('PENDING' as const) : saved.bankAccountAddedAt ? ('ACTIVE' as const) : null,
    sca_bank_action_url: pending ? withReturn(saved.scaBankActionUrl!, saved.mangoRecipientId!) : null,
  };
}
