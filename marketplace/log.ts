import 'server-only';
import pino from 'pino';

export const log = pino({ level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info') });
