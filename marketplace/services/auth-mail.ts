import 'server-only';
import { pickLocale } from '@/lib/i18n/locale';
import { translate } from '@/lib/i18n/messages';
import { config } from '../config';
import type { Db } from '../db/client';
import { mailer } from '../providers/mail';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Sends a one-link e-mail (login link, password reset, new message, payout waiting) in the
 * recipient's language; `items` are keys of lines listed between the intro and the link.
 */
export async function sendLinkMail(db: Db, to: string, language: string, kind: 'loginLink' | 'reset' | 'newMessage' | 'payoutWaiting', url: string, items: string[] = []): Promise<void> {
  const locale = pickLocale(language);
  const t = (key: string) => translate(locale, `mail.${kind}.${key}`);
  const subject = t('subject');
  const lines = items.map(t);
  const list = lines.length ? `${lines.map((l) => `- ${l}`).join('\n')}\n\n` : '';
  const text = `${t('intro')}\n\n${list}${url}\n\n${t('expiry')}\n`;
  const htmlList = lines.length ? `<ul>${lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>` : '';
  const html = `<p>${escape(t('intro'))}</p>${htmlList}<p><a href="${escape(url)}">${escape(t('button'))}</a></p><p>${escape(t('expiry'))}</p>`;
  await mailer.send(db, { to, subject, text, html });
}

export const dashboardUrl = (path: string) => `${config.publicUrl}/dashboard${path}`;
