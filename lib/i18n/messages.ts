import en from '../../messages/en.json';
import { splitMessage } from './split-message';
import sv from '../../messages/sv.json';
import type { Locale } from '../constants';

export type Messages = typeof sv;
const catalogue: Record<Locale, Messages> = { sv, en };

export function loadMessages(locale: Locale): Messages {
  return catalogue[locale];
}

/** Looks up a dotted key ("errors.failedLogin") and fills {placeholders}; unknown keys come back as given. */
export function translate(locale: Locale, message: string, extra: Record<string, string | number> = {}): string {
  const [key, carried] = splitMessage(message);
  const values: Record<string, string | number> = { ...carried, ...extra };
  let node: unknown = catalogue[locale];
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
    else return message;
  }
  if (typeof node !== 'string') return message;
  return node.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

export { splitMessage };
