import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LANG_COOKIE, TIMEZONE } from '../constants';
import { pickLocale } from './locale';
import { loadMessages } from './messages';

// No locale in the path: the proxy turns `?lang=` into the cookie; the cookie decides, else Swedish.
export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = pickLocale(store.get(LANG_COOKIE)?.value);
  return { locale, messages: loadMessages(locale), timeZone: TIMEZONE, now: new Date() };
});
