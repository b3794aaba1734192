import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CHAT_FILE_MAX_BYTES } from '@/lib/constants';
import type { Db } from '../db/client';
import { conversationFiles, messages } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { storage } from '../providers/storage';
import { constantTimeEqual } from './crypto';
import { mac } from './image-files';
import { stillRegistrable, trackUpload } from './pending-uploads';

const TICKET_TTL_MS = 15 * 60 * 1000;
const PATH = /^[A-Za-z0-9_-]{44}$/;
const key = (path: string) => `files/${path}`;

/** A stored file's name: 128 random bits plus a MAC tying it to the uploader and the conversation. */
function newPath(userId: number, conversationId: number) {
  const random = randomBytes(16).toString('base64url');
  return `${random}${mac('chat-file', `${random}\n${userId}\n${conversationId}`).slice(0, 22)}`;
}

function issuedTo(path: string, userId: number, conversationId: number) {
  if (!PATH.test(path)) return false;
  return constantTimeEqual(path.slice(22), mac('chat-file', `${path.slice(0, 22)}\n${userId}\n${conversationId}`).slice(0, 22));
}

/** POST /{id}/upload: where to PUT the bytes (a signed URL) and the path to register them under within 24 h. */
export async function createChatFileTicket(db: Db, userId: number, conversationId: number) {
  const path = newPath(userId, conversationId);
  await trackUpload(db, key(path), userId);
  const body = Buffer.from(JSON.stringify({ p: path, u: userId, e: Math.floor((Date.now() + TICKET_TTL_MS) / 1000) })).toString('base64url');
  return { url: `/api/conversation-uploads/${body}.${mac('chat-ticket', body)}`, method: 'PUT' as const, headers: { 'content-type': 'application/octet-stream' }, path };
}

/** PUT /api/conversation-uploads/:token — stores the bytes of a valid ticket, once. */
export async function acceptChatFile(token: string, bytes: Buffer, actorUserId: number | null) {
  const bad = () => new ApiError(400, 'errors.badUrl');
  const [body, signature, ...rest] = token.length <= 1000 ? token.split('.') : [];
  if (!body || !signature || rest.length || !constantTimeEqual(signature, mac('chat-ticket', body))) throw bad();
  let payload: { p: string; u: number; e: number };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!PATH.test(payload.p) || payload.e * 1000 < Date.now()) throw bad();
  if (actorUserId === null) throw new ApiError(401, 'errors.unauthorized');
  if (payload.u !== actorUserId) throw new ApiError(403, 'errors.forbidden');
  if (bytes.length === 0 || bytes.length >= CHAT_FILE_MAX_BYTES) throw new ApiError(413, 'chat.fileTooLarge');
  if (await storage.get(key(payload.p))) throw new ApiError(409, 'errors.badUrl');
  await storage.put(key(payload.p), bytes, 'application/octet-stream');
  return { path: payload.p, size: bytes.length };
}

/** POST /{id}/files: an uploaded file joins the conversation as a file message. */
export async function registerChatFile(db: Db, actor: SessionUser, conversationId: number, path: string, fileName: string) {
  if (!issuedTo(path, actor.id, conversationId) || !(await stillRegistrable(db, key(path)))) throw new ApiError(400, 'chat.uploadFailed');
  const bytes = await storage.get(key(path));
  if (!bytes) throw new ApiError(400, 'chat.uploadFailed');
  const name =
    fileName
      .replace(/[\p{Cc}\p{Cf}/\\]/gu, '')
      .trim()
      .slice(-200) || 'file';
  const [file] = await db
    .insert(conversationFiles)
    .values({ conversationId, userId: actor.id, path, fileName: name, size: bytes.length, contentType: 'application/octet-stream' })
    .onConflictDoNothing()
    .returning();
  if (!file) throw new ApiError(400, 'chat.uploadFailed');
  const [message] = await db
    .insert(messages)
    .values({ conversationId, userId: actor.id, type: 'file', text: name, resourceId: file.id, meta: { size: bytes.length } })
    .returning();
  return message!;
}

/** GET /{id}/files/{fid}: a participant downloads a file of the conversation. */
export async function readChatFile(db: Db, conversationId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(conversationFiles)
    .where(and(eq(conversationFiles.id, fileId), eq(conversationFiles.conversationId, conversationId)))
    .limit(1);
  if (!file) throw new ApiError(404, 'errors.notFound');
  const bytes = await storage.get(key(file.path));
  if (!bytes) throw new ApiError(404, 'errors.notFound');
  return { bytes, fileName: file.fileName };
}
