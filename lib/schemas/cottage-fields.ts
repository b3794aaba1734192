// Field builders shared by the ad's schemas (kept apart so a small form imports little).
import * as z from 'zod/mini';
import { safeString } from './common';

export const AD_TITLE_MAX = 50;
export const AREA_MAX = 10_000;
export const PRICE_MAX_SEK = 9_999_999;

/** "key?name=value": a message key with values for its placeholders (see lib/i18n/messages.ts). */
export const withValues = (key: string, values: Record<string, string | number>) => `${key}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`;

export const required = 'validation.required';
export const text = (max: number) => safeString({ error: required }).check(z.trim(), z.maxLength(max, withValues('validation.maxChars', { max })));
export const optionalText = (max: number) => z.nullish(text(max));
