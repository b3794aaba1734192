import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { Logo } from '@/components/layout/logo';
import { Notice } from '@/components/ui/notice';
import { marketplaceFetch } from '@/lib/api/server';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { OutboxMail as Mail } from '@/lib/schemas/user-dto';

export const metadata: Metadata = { title: 'Outbox' };

/** Turns the URLs of a plain-text mail into links. */
function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/\S+)/g).map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

// /dashboard/dev/outbox — the sandbox mail outbox; exists only when SMTP is not configured
export default async function OutboxPage() {
  const locale = (await getLocale()) as Locale;
  const response = await marketplaceFetch('/api/dev/outbox', { locale });
  if (!response.ok) notFound();
  const mails = (await response.json()) as Mail[];
  const t = await getTranslations('outbox');
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex items-center gap-4">
        <Logo />
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
      </div>
      <Notice>{t('intro')}</Notice>
      {mails.length === 0 ? <p className="mt-6 text-muted">{t('empty')}</p> : null}
      <ol className="mt-6 flex flex-col gap-4">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-lg bg-white p-5 shadow-sm" data-testid="mail">
            <p className="text-xs text-muted">
              {t('to')}: <span data-testid="mail-to">{mail.to}</span> · {t('sent')} {formatDate(mail.created_at, locale, true)}
            </p>
            <h2 className="mt-1 font-semibold">{mail.subject}</h2>
            <p className="mt-2 text-sm whitespace-pre-line">
              <Linked text={mail.text} />
            </p>
          </li>
        ))}
      </ol>
    </main>
  );
}
