import { splitMessage } from './split-message';

type Translator = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/** Shows a message that may be an i18n key with values ("validation.maxChars?max=50") or plain text from the API. */
export function showMessage(t: Translator, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [key, values] = splitMessage(message);
  return t.has(key) ? t(key, values) : message;
}
