'use client';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { CHAT_FILE_MAX_BYTES, type Locale } from '@/lib/constants';
import { formatDate, formatTime, formatWeekdayDate } from '@/lib/format';
import { findOffPlatform, stripOffPlatform } from '@/lib/rules/off-platform';
import { MESSAGE_MAX_LENGTH } from '@/lib/rules/conversation';
import { Button } from '@/components/ui/button';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { useSnackbar } from '@/components/layout/snackbar';
import type { Conversation } from '@/lib/schemas/conversation-dto';
import Paperclip from 'lucide-react/icons/paperclip';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import X from 'lucide-react/icons/x';
import { useMessages } from './use-messages';

const draftKey = (id: number) => `stuga.draft.${id}`;

/** Booking events the server writes into the chat (SPEC §3 message types). */
const BOOKING_EVENTS = new Set(['booking_created', 'booking_paid', 'booking_cancelled']);

export function Chat({ conversation, me, toolbar }: { conversation: Conversation; me: number; toolbar?: React.ReactNode }) {
  const t = useTranslations('chat');
  const locale = useLocale() as Locale;
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const [warning, setWarning] = useState<string[] | null>(null);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const seenUpTo = useRef(0);
  const id = conversation.id;
  const { messages, send, attach, remove, seen } = useMessages(id, setUpload);
  const sending = send.isPending;
  const markSeen = seen.mutate;

  // The draft is kept per conversation: restored here, saved on every change, cleared on send.
  useEffect(() => {
    const saved = window.localStorage.getItem(draftKey(id));
    // After hydration (the server had no draft to render).
    const timer = setTimeout(() => saved && setText(saved), 0);
    return () => clearTimeout(timer);
  }, [id]);
  const changeText = (value: string) => {
    setText(value);
    if (value) window.localStorage.setItem(draftKey(id), value);
    else window.localStorage.removeItem(draftKey(id));
  };

  // Scroll to the newest, and tell the server what has been seen.
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
    const lastFromOther = [...messages].reverse().find((m) => m.user_id !== me);
    if (lastFromOther && lastFromOther.id > seenUpTo.current) {
      seenUpTo.current = lastFromOther.id;
      markSeen(lastFromOther.id);
    }
  }, [messages, me, markSeen]);

  function submit() {
    const body = text.trim();
    if (!body || sending) return;
    const found = findOffPlatform(body);
    if (found.length) return setWarning(found.map((f) => f.text));
    sendText(body);
  }

  const sendText = (body: string) => send.mutate(body, { onSuccess: () => changeText('') });

  function attachFile(file: File) {
    if (file.size >= CHAT_FILE_MAX_BYTES) return snackbar(t('fileTooLarge'));
    attach.mutate(file);
  }

  const days = messages.map((m) => formatWeekdayDate(m.created_at, locale));

  return (
    <div className="relative flex flex-col rounded-lg bg-white shadow-sm">
      {toolbar ? <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 px-4 py-2">{toolbar}</div> : null}
      <ol ref={list} className="flex max-h-[60vh] min-h-64 flex-col gap-2 overflow-y-auto px-4 py-4" aria-live="polite" data-testid="messages">
        {messages.map((m, index) => {
          // Grouped by day: a heading where the day changes.
          const header = index === 0 || days[index] !== days[index - 1] ? days[index] : null;
          const mine = m.user_id === me;
          return (
            <li key={m.id} className="flex flex-col">
              {header ? <p className="my-2 text-center text-xs text-muted first-letter:uppercase">{header}</p> : null}
              {m.type === 'communication_warning' || m.type === 'host_communication_warning' ? (
                <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="warning-message">
                  <TriangleAlert className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
                  {m.type === 'communication_warning' ? t('warningGuest') : t('warningHost')}
                </p>
              ) : BOOKING_EVENTS.has(m.type) && m.resource_id ? (
                <p role="note" className="self-center rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-center text-sm text-brand-800" data-testid="booking-message">
                  {t(`event_${m.type}`, { id: m.resource_id })}{' '}
                  <a href={`/dashboard/conversations/${id}/bookings/${m.resource_id}`} className="font-semibold underline">
                    {t('viewBooking')}
                  </a>
                </p>
              ) : m.type === 'ask_for_review' || m.type === 'review_request_notification' ? (
                <p role="note" className="self-center rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-center text-sm text-sky-900" data-testid="review-request">
                  {mine ? t('askedForReview') : t('reviewRequested')}{' '}
                  {!mine && m.meta?.cottage_id ? (
                    <a href={`/dashboard/reviews/new/${m.meta.cottage_id}${m.meta.booking_id ? `/${m.meta.booking_id}` : ''}`} className="font-semibold underline">
                      {t('addReview')}
                    </a>
                  ) : null}
                </p>
              ) : (
                <div
                  className={`max-w-[80%] rounded-lg px-3 py-2 text-sm break-words [overflow-wrap:anywhere] ${mine ? 'self-end bg-brand-700 text-white' : 'self-start bg-gray-100'}`}
                  data-testid="message"
                  data-mine={mine}
                >
                  {m.deleted_at ? (
                    <em className="opacity-80">{t('deletedMessage')}</em>
                  ) : (
                    <>
                      {m.meta?.check_in ? (
                        <p className="mb-1 text-xs opacity-80">
                          {t('stayDetails', {
                            checkIn: formatDate(m.meta.check_in, locale as Locale),
                            checkOut: m.meta.check_out ? formatDate(m.meta.check_out, locale as Locale) : '',
                            guests: m.meta.guests ?? 0,
                          })}
                        </p>
                      ) : null}
                      {m.type === 'file' && m.resource_id ? (
                        <a href={`/api/conversations/${id}/files/${m.resource_id}`} className="underline" data-testid="file-link">
                          <Paperclip className="mr-1 inline size-4 align-[-3px]" aria-hidden />
                          {m.text}
                          {m.meta?.size ? ` (${Math.max(1, Math.round(m.meta.size / 1024))} kB)` : ''}
                        </a>
                      ) : (
                        <p className="whitespace-pre-wrap">{m.text}</p>
                      )}
                    </>
                  )}
                  <p className="mt-1 flex items-center justify-end gap-2 text-[11px] opacity-70">
                    {formatTime(m.created_at, locale)}
                    {mine && !m.deleted_at && (m.type === 'text' || m.type === 'file') ? (
                      <button type="button" className="underline" onClick={() => remove.mutate(m)} aria-label={t('deleteMessage')}>
                        <X className="size-3.5" aria-hidden />
                      </button>
                    ) : null}
                  </p>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <form
        className="flex flex-col gap-2 border-t border-gray-200 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="chat-text" className="sr-only">
          {t('placeholder')}
        </label>
        <textarea
          id="chat-text"
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('placeholder')}
          rows={3}
          onChange={(e) => changeText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          className="w-full resize-y rounded-md border border-gray-300 px-3 py-2 text-base outline-none focus:ring-2 focus:ring-brand-600"
        />
        {upload ? (
          <p className="text-sm" aria-live="polite">
            {t('uploadingFile', upload)} <progress max={100} value={upload.percent} className="ml-2 h-2 w-40 align-middle" />
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-3 text-xs text-muted">
            {conversation.filters.files ? (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  className="sr-only"
                  // The visible button below opens it: one tab stop, with a focus ring.
                  tabIndex={-1}
                  aria-hidden
                  data-testid="chat-file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) attachFile(file);
                  }}
                />
                {/* aria-disabled, not disabled, while a file uploads: a disabled button would drop the keyboard's focus. */}
                <button
                  type="button"
                  className="text-sm font-semibold text-brand-700 hover:underline aria-disabled:opacity-50"
                  aria-disabled={upload !== null}
                  onClick={() => upload === null && fileInput.current?.click()}
                >
                  <Paperclip className="mr-1 inline size-4 align-[-3px]" aria-hidden />
                  {t('attach')}
                </button>
              </>
            ) : null}
            {t('enterHint')}
          </span>
          <Button type="submit" disabled={sending || !text.trim()}>
            {sending ? t('sending') : t('send')}
          </Button>
        </div>
      </form>
      {warning ? (
        <InlineConfirm
          title={t('offPlatformTitle')}
          text={t('offPlatformText', { found: warning.join(', ') })}
          confirmLabel={t('sendAnyway')}
          cancelLabel={t('removeAndEdit')}
          onConfirm={() => {
            setWarning(null);
            sendText(text.trim());
          }}
          onCancel={() => {
            setWarning(null);
            changeText(stripOffPlatform(text));
          }}
        />
      ) : null}
    </div>
  );
}
