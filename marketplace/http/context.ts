import 'server-only';
import type { Locale } from '@/lib/constants';
import type { Db } from '../db/client';

export type SessionUser = {
  id: number;
  type: 'SOFT' | 'STRICT';
  admin: boolean;
  language: string;
  sessionId: number;
};

/** What every handler receives: the database, the caller and their language. */
export type RequestContext = {
  db: Db;
  locale: Locale;
  address: string;
  token: string | null;
  user: SessionUser | null;
};
