import 'server-only';
import { sql } from 'drizzle-orm';
import { PAGE_SIZE_CONVERSATIONS } from '@/lib/constants';
import { ARCHIVE_TAG_ID, messagePreview, PREVIEW_LENGTH } from '@/lib/rules/conversation';
import { shownName } from '@/lib/rules/person';
import type { Db } from '../../db/client';
import { conversationReads, conversations, conversationTagNames, conversationTags, cottages, messages, users, type MessageType } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import type { Role } from './access';
import { personDto } from '../users';
import { preparedRows } from '../../db/prepared';

type InboxRow = {
  id: number;
  role: Role;
  last_message_at: Date | string;
  other_id: number | null;
  first_name: string | null;
  last_name: string | null;
  hide_last_name: boolean | null;
  cottage_id: number | null;
  cottage_title: string | null;
  preview_text: string | null;
  preview_type: MessageType | null;
  unread: number;
  tags: { id: number; tag: string }[] | string;
};

/**
 * The inbox page as one statement, in O(page): each side (host, guest) walks its own
 * (side_id, last_message_at, id) index backwards and stops after offset + limit rows, the two are
 * merged, and only the page's rows get their preview (the latest visible message, one step down the
 * (conversation_id, id) index), unread count (the messages after the reader's mark), other person,
 * ad title and tags. Exported for the query-plan test.
 */
export function inboxQuery(actorId: number, query: { limit?: string; offset?: string; tags?: string }) {
  const limit = Math.min(Number(query.limit ?? PAGE_SIZE_CONVERSATIONS) || PAGE_SIZE_CONVERSATIONS, 50);
  const offset = Number(query.offset ?? 0);
  const tagIds = query.tags ? query.tags.split(',').map(Number) : [];
  const hasTag = (tagId: number) => sql`exists (select 1 from ${conversationTags} ct where ct.conversation_id = c.id and ct.user_id = ${actorId} and ct.tag_id = ${tagId})`;
  const filters = tagIds.map(hasTag);
  if (!tagIds.includes(ARCHIVE_TAG_ID)) filters.push(sql`not ${hasTag(ARCHIVE_TAG_ID)}`);
  const extra = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const reach = offset + limit + 1;
  const side = (role: Role) => sql`(select c.id, c.cottage_id, c.last_message_at, ${role === 'host' ? sql`c.guest_id` : sql`c.host_id`} as other_id, ${role}::text as role
      from ${conversations} c where ${role === 'host' ? sql`c.host_id` : sql`c.guest_id`} = ${actorId}${extra}
      order by c.last_message_at desc, c.id desc limit ${reach})`;
  const statement = sql`
    with page as (
      select * from (${side('host')} union all ${side('guest')}) sides
      order by last_message_at desc, id desc limit ${limit + 1} offset ${offset}
    )
    select p.id, p.role, p.last_message_at, u.id as other_id, u.first_name, u.last_name, u.hide_last_name,
      co.id as cottage_id, co.title_sv as cottage_title, last.text as preview_text, last.type as preview_type, unread.n as unread,
      coalesce((select json_agg(json_build_object('id', t.id, 'tag', t.tag) order by t.id)
        from ${conversationTags} ct join ${conversationTagNames} t on t.id = ct.tag_id
        where ct.conversation_id = p.id and ct.user_id = ${actorId}), '[]'::json) as tags
    from page p
    -- Lookups by primary key for the page's rows only (limit 1 keeps the planner from hashing the whole table).
    left join lateral (select u.id, u.first_name, u.last_name, u.hide_last_name from ${users} u where u.id = p.other_id limit 1) u on true
    left join lateral (select co.id, co.title_sv from ${cottages} co where co.id = p.cottage_id limit 1) co on true
    left join lateral (
      select m.text, m.type from ${messages} m
      where m.conversation_id = p.id and m.deleted_at is null and m.visible_to in ('all', p.role)
      order by m.id desc limit 1) last on true
    left join lateral (
      select count(*)::int as n from ${messages} m
      where m.conversation_id = p.id
        and m.id > coalesce((select r.last_seen_message_id from ${conversationReads} r where r.conversation_id = p.id and r.user_id = ${actorId}), 0)
        and m.deleted_at is null and m.user_id is not null and m.user_id <> ${actorId} and m.visible_to in ('all', p.role)) unread on true
    order by p.last_message_at desc, p.id desc`;
  return { statement, limit, offset };
}

/**
 * GET /api/conversations: newest activity first (unread counts people's messages, not system notes), 20 a page; archived ones (tag 3) only when the
 * filter asks for them. One query, whatever the page size (see inboxQuery).
 */
export async function listConversations(db: Db, actor: SessionUser, query: { limit?: string; offset?: string; tags?: string }) {
  const { statement, limit, offset } = inboxQuery(actor.id, query);
  const rows = await preparedRows<InboxRow>(db, statement);
  const page = rows.slice(0, limit);
  return {
    results: page.map((c) => {
      const name = shownName({ firstName: c.first_name, lastName: c.last_name, hideLastName: c.hide_last_name });
      return {
        id: c.id,
        role: c.role,
        cottage: c.cottage_id === null ? null : { id: c.cottage_id, title_sv: c.cottage_title },
        Users: [c.other_id === null ? personDto(undefined, false) : { id: c.other_id, name, phone_1: null, phone_2: null, deleted: false }],
        preview: c.preview_text !== null ? messagePreview(c.preview_text, PREVIEW_LENGTH) : '',
        preview_type: c.preview_type ?? null,
        last_message_at: new Date(c.last_message_at).toISOString(),
        unread_messages: Number(c.unread ?? 0),
        tags: typeof c.tags === 'string' ? (JSON.parse(c.tags) as { id: number; tag: string }[]) : c.tags,
      };
    }),
    nextPage: rows.length > limit ? offset + limit : null,
  };
}
