import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';
import type { Conversation } from '@/lib/schemas/conversation-dto';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

/** A public ad (reviewed) of a new host, with the given payment model. */
async function publicAd(commission: boolean) {
  const owner = await host(h);
  const [ad] = await h.db.insert(h.schema.cottages).values({ userId: owner.user.id, titleSv: 'Stuga', commission, reviewedAt: new Date() }).returning();
  return { owner, ad: ad! };
}

async function contact(token: string, cottageId: number, text = 'Hej! Är stugan ledig i juni?') {
  return h.call('POST', '/api/conversations', { token, body: { cottage_id: cottageId, text, check_in: '2027-06-12', check_out: '2027-06-19', guests: 4 } });
}

describe('starting a conversation', () => {
  it('a guest contacts the host of a public ad; writing again continues the same conversation', async () => {
    const { owner, ad } = await publicAd(true);
    const guest = await host(h);
    const first = await contact(guest.token, ad.id);
    expect(first.status).toBe(200);
    const again = await contact(guest.token, ad.id, 'En fråga till');
    expect(again.json.id).toBe(first.json.id);
    const seenByGuest = (await h.call('GET', `/api/conversations/${first.json.id}`, { token: guest.token })).json as unknown as Conversation;
    expect(seenByGuest.Messages.filter((m) => m.type === 'text').map((m) => m.text)).toEqual(['Hej! Är stugan ledig i juni?', 'En fråga till']);
    // Commission conversation: the guest sees the contact warning, and so does a host without bookings.
    expect(seenByGuest.Messages.map((m) => m.type)).toContain('communication_warning');
    expect(seenByGuest.Messages.map((m) => m.type)).not.toContain('host_communication_warning');
    const seenByHost = (await h.call('GET', `/api/conversations/${first.json.id}`, { token: owner.token })).json as unknown as Conversation;
    expect(seenByHost.Messages.map((m) => m.type)).toContain('host_communication_warning');
    expect(seenByHost.Messages.map((m) => m.type)).not.toContain('communication_warning');
    // The host is told: an UNREAD_MESSAGES to-do.
    const todos = await h.db
      .select()
      .from(h.schema.todos)
      .where(and(eq(h.schema.todos.userId, owner.user.id), eq(h.schema.todos.type, 'UNREAD_MESSAGES')));
    expect(todos).toHaveLength(1);
    expect(todos[0]!.read).toBe(false);
    // …and an e-mail (one for the unread streak, not one per message).
    const mails = await h.db.select().from(h.schema.outbox).where(eq(h.schema.outbox.to, owner.user.username));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/dashboard/conversations/${first.json.id}`);
  });

  it('a fixed-price ad gets no warnings; unpublished ads and own ads cannot be contacted', async () => {
    const { owner, ad } = await publicAd(false);
    const guest = await host(h);
    const started = await contact(guest.token, ad.id);
    const conversation = (await h.call('GET', `/api/conversations/${started.json.id}`, { token: guest.token })).json as unknown as Conversation;
    expect(conversation.Messages.map((m) => m.type)).toEqual(['text']);
    expect((await contact(owner.token, ad.id)).json.message).toBe('You cannot contact yourself about your own ad');
    await h.db.update(h.schema.cottages).set({ hiddenAt: new Date() }).where(eq(h.schema.cottages.id, ad.id));
    expect((await contact(guest.token, ad.id)).status).toBe(404);
  });
});

describe('participants only', () => {
  it('a third user gets nothing from any endpoint', async () => {
    const { ad } = await publicAd(true);
    const guest = await host(h);
    const { json } = await contact(guest.token, ad.id);
    const stranger = await host(h);
    const id = json.id as number;
    const [message] = await h.db.select().from(h.schema.messages).where(eq(h.schema.messages.conversationId, id)).limit(1);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/messages`, { text: 'hej' }],
      ['DELETE', `/api/conversations/${id}/messages/${message!.id}`],
      ['POST', `/api/conversations/${id}/messages/${message!.id}/seen`],
      ['POST', `/api/conversations/${id}/tag`, { tags: [3] }],
      ['GET', `/api/conversations/${id}/can-ask-for-review`],
      ['POST', `/api/conversations/${id}/review`, { recommended: true }],
    ];
    for (const [method, path, body] of calls) {
      const result = await h.call(method, path, { token: stranger.token, body });
      expect(result.status, `${method} ${path}`).toBe(404);
      expect(result.json.message).toBe('Invalid conversation.');
    }
    const count = await h.db.select().from(h.schema.messages).where(eq(h.schema.messages.conversationId, id));
    expect(count.length).toBe(3);
    expect((await h.call('GET', '/api/conversations/abc', { token: stranger.token })).status).toBe(404);
    expect((await h.call('GET', `/api/conversations/${id}`)).status).toBe(401);
  });
});

describe('messages', () => {
  it('are trimmed, refused when empty or over 10 000 characters, and new ones can be polled', async () => {
    const { owner, ad } = await publicAd(false);
    const guest = await host(h);
    const id = (await contact(guest.token, ad.id)).json.id as number;
    const empty = await h.call('POST', `/api/conversations/${id}/messages`, { token: owner.token, body: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Write a message first');
    const long = await h.call('POST', `/api/conversations/${id}/messages`, { token: owner.token, body: { text: 'a'.repeat(10_001) } });
    expect(long.json.message).toBe('Max number of chars: 10000');
    const latest = (await h.call('GET', `/api/conversations/${id}/messages`, { token: guest.token })).json as unknown as { id: number }[];
    const last = latest.at(-1)!.id;
    const reply = await h.call('POST', `/api/conversations/${id}/messages`, { token: owner.token, body: { text: '  Ja, vecka 24 är ledig!  ' } });
    expect(reply.json.text).toBe('Ja, vecka 24 är ledig!');
    const polled = (await h.call('GET', `/api/conversations/${id}/messages?after=${last}`, { token: guest.token })).json as unknown as {
      text: string;
      created_at: string;
      deleted_at: string | null;
    }[];
    expect(polled.map((m) => m.text)).toEqual(['Ja, vecka 24 är ledig!']);
    // The page's times, written by PostgreSQL, are the same text as the stored Date's toISOString.
    const [stored] = await h.db
      .select()
      .from(h.schema.messages)
      .where(eq(h.schema.messages.id, reply.json.id as number));
    expect(polled[0]!.created_at).toBe(stored!.createdAt.toISOString());
    expect(reply.json.created_at).toBe(polled[0]!.created_at);
    expect(polled[0]!.deleted_at).toBeNull();
  });

  it('only the author deletes, and only text or file messages', async () => {
    const { owner, ad } = await publicAd(true);
    const guest = await host(h);
    const id = (await contact(guest.token, ad.id)).json.id as number;
    const rows = await h.db.select().from(h.schema.messages).where(eq(h.schema.messages.conversationId, id));
    const text = rows.find((m) => m.type === 'text')!;
    const warning = rows.find((m) => m.type === 'communication_warning')!;
    expect((await h.call('DELETE', `/api/conversations/${id}/messages/${text.id}`, { token: owner.token })).status).toBe(403);
    expect((await h.call('DELETE', `/api/conversations/${id}/messages/${warning.id}`, { token: guest.token })).status).toBe(403);
    expect((await h.call('DELETE', `/api/conversations/${id}/messages/${text.id}`, { token: guest.token })).status).toBe(200);
    const [after] = await h.db.select().from(h.schema.messages).where(eq(h.schema.messages.id, text.id));
    expect(after!.deletedAt).not.toBeNull();
    // The page shows it deleted, with no text, at the stored time.
    const page = (await h.call('GET', `/api/conversations/${id}/messages`, { token: owner.token })).json as unknown as { id: number; text: string; deleted_at: string | null }[];
    expect(page.find((m) => m.id === text.id)).toMatchObject({ text: '', deleted_at: after!.deletedAt!.toISOString() });
  });

  it('seen moves the read marker, clears the unread count and the to-do', async () => {
    const { owner, ad } = await publicAd(false);
    const guest = await host(h);
    const id = (await contact(guest.token, ad.id)).json.id as number;
    const inbox = (await h.call('GET', '/api/conversations', { token: owner.token })).json as unknown as { results: { id: number; unread_messages: number; preview: string }[] };
    const item = inbox.results.find((c) => c.id === id)!;
    expect(item.unread_messages).toBe(1);
    expect(item.preview).toBe('Hej! Är stugan ledig i juni?');
    const [message] = await h.db.select().from(h.schema.messages).where(eq(h.schema.messages.conversationId, id));
    // A message id that is not this conversation's marks nothing (it would hide every later message).
    for (const mid of [message!.id + 1_000_000, 2_147_483_647]) {
      expect((await h.call('POST', `/api/conversations/${id}/messages/${mid}/seen`, { token: owner.token })).status).toBe(404);
    }
    expect(
      await h.db
        .select()
        .from(h.schema.conversationReads)
        .where(and(eq(h.schema.conversationReads.conversationId, id), eq(h.schema.conversationReads.userId, owner.user.id))),
    ).toEqual([]);
    expect((await h.call('POST', `/api/conversations/${id}/messages/${message!.id}/seen`, { token: owner.token })).status).toBe(200);
    const after = (await h.call('GET', '/api/conversations', { token: owner.token })).json as unknown as { results: { id: number; unread_messages: number }[] };
    expect(after.results.find((c) => c.id === id)!.unread_messages).toBe(0);
    const [todo] = await h.db
      .select()
      .from(h.schema.todos)
      .where(and(eq(h.schema.todos.userId, owner.user.id), eq(h.schema.todos.refId, id)));
    expect(todo!.read).toBe(true);
    const seenByGuest = (await h.call('GET', `/api/conversations/${id}`, { token: guest.token })).json as unknown as Conversation;
    expect(seenByGuest.Messages[0]!.seen_by_users).toEqual([owner.user.id]);
  });
});

describe('inbox, tags and archive', () => {
  it('pages 20 at a time, newest activity first; archived conversations leave the default inbox', async () => {
    const owner = await host(h);
    const guest = await host(h);
    const ads = await h.db
      .insert(h.schema.cottages)
      .values(Array.from({ length: 23 }, (_, i) => ({ userId: owner.user.id, titleSv: `Stuga ${i}`, commission: false, reviewedAt: new Date() })))
      .returning();
    for (const ad of ads) await contact(guest.token, ad.id, `Fråga om ${ad.titleSv}`);
    const first = (await h.call('GET', '/api/conversations', { token: guest.token })).json as unknown as { results: { id: number; preview: string }[]; nextPage: number | null };
    expect(first.results).toHaveLength(20);
    expect(first.results[0]!.preview).toBe('Fråga om Stuga 22');
    expect(first.nextPage).toBe(20);
    const second = (await h.call('GET', '/api/conversations?offset=20', { token: guest.token })).json as unknown as { results: unknown[]; nextPage: number | null };
    expect(second.results).toHaveLength(3);
    expect(second.nextPage).toBeNull();

    const archived = first.results[0]!.id;
    const tagged = await h.call('POST', `/api/conversations/${archived}/tag`, { token: guest.token, body: { tags: [3] } });
    expect(tagged.json).toEqual([{ id: 3, tag: 'archived' }]);
    const inbox = (await h.call('GET', '/api/conversations', { token: guest.token })).json as unknown as { results: { id: number }[] };
    expect(inbox.results.map((c) => c.id)).not.toContain(archived);
    const archive = (await h.call('GET', '/api/conversations?tags=3', { token: guest.token })).json as unknown as { results: { id: number }[] };
    expect(archive.results.map((c) => c.id)).toEqual([archived]);
    // The host's inbox is the host's own: the guest archiving does not hide it there.
    const hostInbox = (await h.call('GET', '/api/conversations?limit=50', { token: owner.token })).json as unknown as { results: { id: number }[] };
    expect(hostInbox.results.map((c) => c.id)).toContain(archived);
  });

  it('own tags: created, listed with the fixed ones, not usable by others', async () => {
    const { ad } = await publicAd(false);
    const guest = await host(h);
    const other = await host(h);
    const id = (await contact(guest.token, ad.id)).json.id as number;
    const tag = (await h.call('POST', '/api/tags', { token: guest.token, body: { tag: 'Sommar 2027' } })).json as { id: number; tag: string };
    const list = (await h.call('GET', '/api/tags', { token: guest.token })).json as unknown as { id: number }[];
    expect(list.map((t) => t.id)).toEqual(expect.arrayContaining([1, 2, 3, tag.id]));
    expect(((await h.call('GET', '/api/tags', { token: other.token })).json as unknown as { id: number }[]).map((t) => t.id)).not.toContain(tag.id);
    const { ad: ad2 } = await publicAd(false);
    const otherConversation = (await contact(other.token, ad2.id)).json.id as number;
    expect((await h.call('POST', `/api/conversations/${otherConversation}/tag`, { token: other.token, body: { tags: [tag.id] } })).status).toBe(400);
    expect((await h.call('POST', `/api/conversations/${id}/tag`, { token: guest.token, body: { tags: [1, tag.id] } })).status).toBe(200);
  });
});

describe('rating the host (SPEC §6)', () => {
  it('a guest may rate once, after more than one message; hosts may not', async () => {
    const { owner, ad } = await publicAd(false);
    const guest = await host(h);
    const id = (await contact(guest.token, ad.id)).json.id as number;
    expect((await h.call('POST', `/api/conversations/${id}/review`, { token: guest.token, body: { recommended: true } })).json.message).toBe('You cannot rate this host');
    await h.call('POST', `/api/conversations/${id}/messages`, { token: owner.token, body: { text: 'Välkommen!' } });
    const rated = await h.call('POST', `/api/conversations/${id}/review`, { token: guest.token, body: { recommended: false, details: { slow: true, other: 'Svarade sent' } } });
    expect(rated.status).toBe(200);
    expect(rated.json.HostReview).toEqual({ recommended: false, details: { slow: true, other: 'Svarade sent' } });
    expect((await h.call('POST', `/api/conversations/${id}/review`, { token: guest.token, body: { recommended: true } })).status).toBe(400);
    expect((await h.call('POST', `/api/conversations/${id}/review`, { token: owner.token, body: { recommended: true } })).status).toBe(400);
    // Anonymous: the host's view carries no review.
    expect(((await h.call('GET', `/api/conversations/${id}`, { token: owner.token })).json as { HostReview: unknown }).HostReview).toBeNull();
  });
});

describe('attachments', () => {
  async function putBytes(url: string, bytes: Buffer, token: string) {
    const response = await fetch(h.url + url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'accept-language': 'en' },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  }

  it('a participant uploads a file, it becomes a file message, and only participants download it', async () => {
    const { owner, ad } = await publicAd(false);
    const guest = await host(h);
    const id = (await contact(guest.token, ad.id)).json.id as number;
    const ticket = (await h.call('POST', `/api/conversations/${id}/upload`, { token: guest.token, body: { fileName: 'packlista.pdf' } })).json as { url: string; path: string };
    expect(ticket.url).toMatch(/^\/api\/conversation-uploads\//);
    const bytes = Buffer.from('%PDF-1.4 packlista: sängkläder, handdukar');
    expect((await putBytes(ticket.url, bytes, guest.token)).status).toBe(200);
    // The same ticket cannot overwrite the file.
    expect((await putBytes(ticket.url, Buffer.from('other'), guest.token)).status).toBe(409);
    const message = await h.call('POST', `/api/conversations/${id}/files`, { token: guest.token, body: { path: ticket.path, fileName: 'packlista.pdf' } });
    expect(message.json.type).toBe('file');
    const fileId = message.json.resource_id as number;
    for (const who of [guest, owner]) {
      const response = await fetch(`${h.url}/api/conversations/${id}/files/${fileId}`, { headers: { authorization: `Bearer ${who.token}` } });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''packlista.pdf");
    }
    const stranger = await host(h);
    const refused = await fetch(`${h.url}/api/conversations/${id}/files/${fileId}`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.status).toBe(404);
  });

  it('refuses 10 MB or more, another user’s ticket, and a path issued to someone else', async () => {
    const { owner, ad } = await publicAd(false);
    const guest = await host(h);
    const id = (await contact(guest.token, ad.id)).json.id as number;
    const ticket = (await h.call('POST', `/api/conversations/${id}/upload`, { token: guest.token, body: { fileName: 'stor.zip' } })).json as { url: string; path: string };
    const big = await putBytes(ticket.url, Buffer.alloc(10 * 1024 * 1024), guest.token);
    expect(big.status).toBe(413);
    expect(big.json.message).toBe('File size should be less than 10 MB');
    expect((await putBytes(ticket.url, Buffer.from('hej'), owner.token)).status).toBe(403);
    expect((await putBytes(ticket.url, Buffer.from('hej'), guest.token)).status).toBe(200);
    // The host cannot register the guest's upload as their own.
    const stolen = await h.call('POST', `/api/conversations/${id}/files`, { token: owner.token, body: { path: ticket.path, fileName: 'x.txt' } });
    expect(stolen.status).toBe(400);
    expect(stolen.json.message).toBe('Could not upload the file.');
    await h.db.update(h.schema.conversations).set({ filesEnabled: false }).where(eq(h.schema.conversations.id, id));
    expect((await h.call('POST', `/api/conversations/${id}/upload`, { token: guest.token, body: { fileName: 'a.txt' } })).status).toBe(400);
  });
});
