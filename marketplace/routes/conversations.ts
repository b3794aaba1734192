import 'server-only';
import * as z from 'zod/mini';
import { idParam } from '@/lib/schemas/common';
import { CHAT_FILE_MAX_BYTES } from '@/lib/constants';
import {
  askForReviewBody,
  chatFileBody,
  chatUploadBody,
  contactHostBody,
  conversationListQuery,
  conversationTagBody,
  hostReviewBody,
  messagesQuery,
  newTagBody,
  sendMessageBody,
} from '@/lib/schemas/conversation';
import {
  askForReviewDto,
  chatMessageDto,
  chatMessageList,
  chatUploadDto,
  chatUploadTicketDto,
  contactHostDto,
  conversationDto as conversationSchema,
  conversationPage,
  conversationTagDto,
  conversationTagList,
  tagUsageList,
} from '@/lib/schemas/conversation-dto';
import { messageAnswer } from '@/lib/schemas/common';
import { canAskForReview } from '../services/bookings/conversation-bookings';
import { fileAnswer, rawBody, type Api } from '../http/api';
import { ApiError } from '../http/errors';
import { readBodyLimited } from '../http/request';
import { askForReview } from '../services/review-requests';
import { acceptChatFile, createChatFileTicket, readChatFile, registerChatFile } from '../services/chat-files';
import { hit, limits, perKey, userKey } from '../services/rate-limit';
import { participantOf } from '../services/conversations/access';
import { contactHost } from '../services/conversations/contact';
import { conversationDto } from '../services/conversations/detail';
import { reviewHost } from '../services/conversations/host-review';
import { listConversations } from '../services/conversations/inbox';
import { afterOwnMessage, deleteOwnMessage, markSeen, postMessage, readMessages } from '../services/conversations/messages';
import { createTag, listTags, setTags } from '../services/conversations/tags';

function idOf(params: Record<string, string>, name = 'id'): number {
  const parsed = z.safeParse(idParam, params[name]);
  // A malformed id is an invalid conversation, as an unknown one is.
  if (!parsed.success) throw new ApiError(404, name === 'id' ? 'chat.invalidConversation' : 'errors.notFound');
  return parsed.data;
}

export function conversationRoutes(api: Api) {
  // GET /api/conversations — the inbox: newest activity first, 20 a page, tag filter
  api.route(
    { method: 'get', path: '/api/conversations', auth: 'user', tag: 'conversations', summary: 'Conversations', query: conversationListQuery, response: conversationPage },
    async ({ db, user, query }) => listConversations(db, user, query),
  );

  // POST /api/conversations — a guest contacts the host of a public ad (or continues that conversation); rate-limited per user
  api.route(
    { method: 'post', path: '/api/conversations', auth: 'user', tag: 'conversations', summary: 'Contact a host', body: contactHostBody, response: contactHostDto },
    async ({ db, user, body }) => {
      // Its message counts as a chat message.
      await hit(db, perKey(limits.chatMessage, userKey(user.id)));
      return contactHost(db, user, body);
    },
  );

  // GET /api/conversations/:id — participants, latest messages, tags, filters
  api.route({ method: 'get', path: '/api/conversations/:id', auth: 'user', tag: 'conversations', summary: 'A conversation', response: conversationSchema }, async ({ db, user, params }) =>
    conversationDto(db, user, idOf(params)),
  );

  // GET /api/conversations/:id/messages?after=|before= — newer messages (the chat polls this) or older ones
  api.route(
    { method: 'get', path: '/api/conversations/:id/messages', auth: 'user', tag: 'conversations', summary: 'Messages', query: messagesQuery, response: chatMessageList },
    async ({ db, user, params, query }) => readMessages(db, user, idOf(params), query),
  );

  // POST /api/conversations/:id/messages — a text message (rate-limited per user)
  api.route(
    { method: 'post', path: '/api/conversations/:id/messages', auth: 'user', tag: 'conversations', summary: 'Send a message', body: sendMessageBody, response: chatMessageDto },
    async ({ db, user, params, body }) => {
      const { conversation, role } = await participantOf(db, user, idOf(params));
      await hit(db, perKey(limits.chatMessage, userKey(user.id)));
      return postMessage(db, user, conversation, role, body.text);
    },
  );

  // DELETE /api/conversations/:id/messages/:mid — the author deletes their own text or file message
  api.route(
    { method: 'delete', path: '/api/conversations/:id/messages/:mid', auth: 'user', tag: 'conversations', summary: 'Delete own message', response: messageAnswer },
    async ({ db, user, params }) => {
      const { conversation } = await participantOf(db, user, idOf(params));
      await deleteOwnMessage(db, user, conversation.id, idOf(params, 'mid'));
      return { message: 'success' };
    },
  );

  // POST /api/conversations/:id/messages/:mid/seen — read up to this message
  api.route({ method: 'post', path: '/api/conversations/:id/messages/:mid/seen', auth: 'user', tag: 'conversations', summary: 'Mark seen', response: messageAnswer }, async ({ db, user, params }) => {
    const { conversation } = await participantOf(db, user, idOf(params));
    await markSeen(db, user, conversation.id, idOf(params, 'mid'));
    return { message: 'success' };
  });

  // POST /api/conversations/:id/tag — the user's tags on the conversation (tag 3 archives)
  api.route(
    { method: 'post', path: '/api/conversations/:id/tag', auth: 'user', tag: 'conversations', summary: 'Tag a conversation', body: conversationTagBody, response: conversationTagList },
    async ({ db, user, params, body }) => {
      const { conversation } = await participantOf(db, user, idOf(params));
      return setTags(db, user, conversation.id, body.tags);
    },
  );

  // GET /api/conversations/:id/can-ask-for-review — the host, once a stay in the conversation has ended, and not asked yet
  api.route(
    { method: 'get', path: '/api/conversations/:id/can-ask-for-review', auth: 'user', tag: 'conversations', summary: 'May the host ask for a review?', response: askForReviewDto },
    async ({ db, user, params }) => {
      const { conversation, role } = await participantOf(db, user, idOf(params));
      return { allowed: await canAskForReview(db, conversation.id, role), role };
    },
  );

  // POST /api/conversations/:id/messages/ask-for-review — the host asks the guest to review the stay
  api.route(
    {
      method: 'post',
      path: '/api/conversations/:id/messages/ask-for-review',
      auth: 'user',
      tag: 'conversations',
      summary: 'Ask the guest for a review',
      body: askForReviewBody,
      response: chatMessageDto,
    },
    async ({ db, user, params }) => {
      const { conversation, role } = await participantOf(db, user, idOf(params));
      return askForReview(db, user, conversation, role);
    },
  );

  // POST /api/conversations/:id/review — a guest rates the host, anonymously
  api.route(
    { method: 'post', path: '/api/conversations/:id/review', auth: 'user', tag: 'conversations', summary: 'Rate the host', body: hostReviewBody, response: conversationSchema },
    async ({ db, user, params, body }) => {
      return reviewHost(db, user, idOf(params), body);
    },
  );

  // POST /api/conversations/:id/upload — a signed URL for one attachment (unless the conversation disables files; rate-limited per user)
  api.route(
    { method: 'post', path: '/api/conversations/:id/upload', auth: 'user', tag: 'conversations', summary: 'Signed upload for an attachment', body: chatUploadBody, response: chatUploadTicketDto },
    async ({ db, user, params }) => {
      const { conversation } = await participantOf(db, user, idOf(params));
      if (!conversation.filesEnabled) throw new ApiError(400, 'chat.filesDisabled');
      await hit(db, perKey(limits.uploadTicket, userKey(user.id)));
      return createChatFileTicket(db, user.id, conversation.id);
    },
  );

  // PUT /api/conversation-uploads/:token — the attachment's bytes (raw body, under 10 MB)
  api.route(
    {
      method: 'put',
      path: '/api/conversation-uploads/:token',
      auth: 'user',
      tag: 'conversations',
      summary: 'Upload attachment bytes to a signed URL',
      body: rawBody('application/octet-stream', 'The attachment, under 10 MB'),
      response: chatUploadDto,
    },
    async ({ user, params, c }) => {
      const bytes = await readBodyLimited(c, CHAT_FILE_MAX_BYTES, () => new ApiError(413, 'chat.fileTooLarge', [], {}, { connection: 'close' }));
      return acceptChatFile(params.token ?? '', bytes, user.id);
    },
  );

  // POST /api/conversations/:id/files — an uploaded attachment joins the conversation as a file message
  api.route(
    { method: 'post', path: '/api/conversations/:id/files', auth: 'user', tag: 'conversations', summary: 'Add an attachment', body: chatFileBody, response: chatMessageDto },
    async ({ db, user, params, body }) => {
      const { conversation, role } = await participantOf(db, user, idOf(params));
      if (!conversation.filesEnabled) throw new ApiError(400, 'chat.filesDisabled');
      const message = await registerChatFile(db, user, conversation.id, body.path, body.fileName);
      return afterOwnMessage(db, user, conversation, role, message);
    },
  );

  // GET /api/conversations/:id/files/:fid — a participant downloads an attachment
  api.route(
    {
      method: 'get',
      path: '/api/conversations/:id/files/:fid',
      auth: 'user',
      tag: 'conversations',
      summary: 'Download an attachment',
      response: fileAnswer('application/octet-stream', 'The attachment, as a download'),
    },
    async ({ db, user, params }) => {
      const { conversation } = await participantOf(db, user, idOf(params));
      const file = await readChatFile(db, conversation.id, idOf(params, 'fid'));
      return new Response(new Uint8Array(file.bytes), {
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(file.bytes.length),
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        },
      });
    },
  );

  // GET /api/tags — the fixed conversation tags and the user's own; POST /api/tags — a new own tag
  api.route({ method: 'get', path: '/api/tags', auth: 'user', tag: 'conversations', summary: 'Conversation tags', response: tagUsageList }, async ({ db, user }) => listTags(db, user));
  api.route(
    { method: 'post', path: '/api/tags', auth: 'user', tag: 'conversations', summary: 'Create a conversation tag', body: newTagBody, response: conversationTagDto },
    async ({ db, user, body }) => createTag(db, user, body.tag),
  );
}
