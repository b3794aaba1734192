import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LANG_COOKIE, TIMEZONE } from '../constants';
import { pickLocale } from './locale';
import { loadMessages } from './messages';

// The dashboard has no locale in its path: the proxy turns `?lang=` into the cookie; the cookie decides, else Swedish.
export default getRequestConfig(async () => {
  const store = await cookies();
  // Public pages carry their language in the path (/sv/stuga/1, /en/stuga/1); the proxy passes it on.
  const locale = pickLocale((await headers()).get('x-stuga-locale'), store.get(LANG_COOKIE)?.value);
  return { locale, messages: loadMessages(locale), timeZone: TIMEZONE, now: new Date() };
});
