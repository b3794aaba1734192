import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { AREA_NAMESPACES, pickMessages, SHELL_NAMESPACES } from './client-messages';
import type { Messages } from './messages';

/** Gives the client components below the shell's messages plus an area's (a nested provider replaces, not merges). */
export async function ClientMessages({ area, children }: { area?: keyof typeof AREA_NAMESPACES; children: React.ReactNode }) {
  const messages = (await getMessages()) as Messages;
  const namespaces = area ? [...SHELL_NAMESPACES, ...AREA_NAMESPACES[area]] : SHELL_NAMESPACES;
  return <NextIntlClientProvider messages={pickMessages(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
