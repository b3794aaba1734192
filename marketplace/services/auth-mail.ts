import 'server-only';
import { pickLocale } from '@/lib/i18n/locale';
import { translate } from '@/lib/i18n/messages';
import { config } from '../config';
import type { Db } from '../db/client';
import { mailer } from '../providers/mail';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Sends a one-link e-mail (login link or password reset) in the recipient's language. */
export async function sendLinkMail(db: Db, to: string, language: string, kind: 'loginLink' | 'reset' | 'newMessage', url: string): Promise<void> {
  const locale = pickLocale(language);
  const t = (key: string) => translate(locale, `mail.${kind}.${key}`);
  const subject = t('subject');
  const text = `${t('intro')}\n\n${url}\n\n${t('expiry')}\n`;
  const html = `<p>${escape(t('intro'))}</p><p><a href="${escape(url)}">${escape(t('button'))}</a></p><p>${escape(t('expiry'))}</p>`;
  await mailer.send(db, { to, subject, text, html });
}

export const dashboardUrl = (path: string) => `${config.publicUrl}/dashboard${path}`;
