import 'server-only';
import { config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { log } from '../log';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(db: Db, mail: Mail): Promise<void> };

/** Real adapter: SMTP through nodemailer when SMTP_URL is set. */
function smtpMailer(url: string): Mailer {
  let transport: Promise<import('nodemailer').Transporter> | null = null;
  return {
    async send(_db, mail) {
      transport ??= import('nodemailer').then((m) => m.createTransport(url));
      await (await transport).sendMail({ from: config.mailFrom, ...mail });
    },
  };
}

/** Sandbox adapter: mail is kept in the local outbox shown at /dashboard/dev/outbox. */
const outboxMailer: Mailer = {
  async send(db, mail) {
    await db.insert(outbox).values(mail);
  },
};

/** Neither SMTP nor the sandbox: the mail is logged, without its text (login links and tokens stay secret). */
const logMailer: Mailer = {
  async send(_db, mail) {
    log.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
  },
};

export const mailer: Mailer = config.smtpUrl ? smtpMailer(config.smtpUrl) : config.sandbox ? outboxMailer : logMailer;
/** The local outbox page exists only in the sandbox, and only while mail does not go out over SMTP. */
export const outboxEnabled = config.sandbox && !config.smtpUrl;
