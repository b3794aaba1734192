import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sandboxMangoObjects } from '../db/schema';

// The MangoPay emulation's hooks: the URL registered for each EventType (MangoPay's Hooks API), and
// their delivery as MangoPay makes it — a GET with EventType, RessourceId and Date, unsigned, once,
// without waiting on the answer. Tests that register nothing get no deliveries.

const hookId = (eventType: string) => `hook_${eventType}`.slice(0, 40);

export async function registeredHook(eventType: string) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(sandboxMangoObjects)
    .where(and(eq(sandboxMangoObjects.id, hookId(eventType)), eq(sandboxMangoObjects.kind, 'HOOK')))
    .limit(1);
  return row ?? null;
}

export async function saveHook(eventType: string, url: string) {
  const id = hookId(eventType);
  const data = { Id: id, EventType: eventType, Url: url, Status: 'ENABLED', Validity: 'VALID', CreationDate: Math.floor(Date.now() / 1000) };
  await (await getDb()).insert(sandboxMangoObjects).values({ id, kind: 'HOOK', ownerId: null, data }).onConflictDoUpdate({ target: sandboxMangoObjects.id, set: { data } });
  return data;
}

/** Sends the hook for an event to the URL registered for it, if any (in the background: the caller never waits on it). */
export async function deliverHook(eventType: string, resourceId: string) {
  const hook = await registeredHook(eventType);
  if (!hook || hook.data.Status !== 'ENABLED') return;
  const url = new URL(String(hook.data.Url));
  url.searchParams.set('EventType', eventType);
  url.searchParams.set('RessourceId', resourceId);
  url.searchParams.set('Date', String(Math.floor(Date.now() / 1000)));
  await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
}
