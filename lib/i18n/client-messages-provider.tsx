import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { AREA_NAMESPACES, pickMessages, SHELL_NAMESPACES } from './client-messages';
import type { Messages } from './messages';

// What each area sends, picked once per catalogue (one per language).
const sent = new WeakMap<Messages, Map<string, Partial<Messages>>>();
function sentMessages(messages: Messages, area?: keyof typeof AREA_NAMESPACES): Partial<Messages> {
  let byArea = sent.get(messages);
  if (!byArea) sent.set(messages, (byArea = new Map()));
  let picked = byArea.get(area ?? '');
  if (!picked) byArea.set(area ?? '', (picked = pickMessages(messages, area ? [...SHELL_NAMESPACES, ...AREA_NAMESPACES[area]] : SHELL_NAMESPACES)));
  return picked;
}

/** Gives the client components below the shell's messages plus an area's (a nested provider replaces, not merges). */
export async function ClientMessages({ area, children }: { area?: keyof typeof AREA_NAMESPACES; children: React.ReactNode }) {
  const messages = (await getMessages()) as Messages;
  return <NextIntlClientProvider messages={sentMessages(messages, area)}>{children}</NextIntlClientProvider>;
}
