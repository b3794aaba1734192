import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { StatusChip } from '@/components/bookings/status';
import type { Booking } from '@/lib/schemas/booking-dto';
import { ConversationHeader } from '@/components/chat/conversation-header';
import type { Conversation } from '@/lib/schemas/conversation-dto';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import type { Locale } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import { queryKeys } from '@/lib/query/keys';
import { fetchWithRetries } from '@/lib/query/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chat'))('offersTab') };
}

// /dashboard/conversations/{id}/bookings — the Offers tab: the conversation's offers and bookings
export default async function ConversationBookingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const t = await getTranslations('booking');
  const tc = await getTranslations('chat');
  const locale = (await getLocale()) as Locale;
  let conversation: Conversation;
  let list: Booking[];
  try {
    // SPEC §7: the conversation's bookings are retried 3 times 2 s apart.
    [conversation, list] = await Promise.all([
      apiGet<Conversation>(`/api/conversations/${id}`),
      fetchWithRetries(queryKeys.conversations.bookings(Number(id)), () => apiGet<Booking[]>(`/api/conversations/${id}/bookings`)),
    ]);
  } catch (error) {
    if (error instanceof ApiResponseError) {
      return <Notice tone="error">{error.status === 404 || error.status === 400 ? tc('invalidConversation') : t('listFailed')}</Notice>;
    }
    throw error;
  }
  return (
    <div className="flex flex-col gap-4">
      <ConversationHeader
        conversation={conversation}
        current="offers"
        action={
          conversation.role === 'host' ? (
            <Link href={`/dashboard/conversations/${conversation.id}/bookings/new`} className={buttonClass('primary')}>
              {t('createOffer')}
            </Link>
          ) : null
        }
      >
        {list.length === 0 ? (
          <p className="rounded-lg bg-white p-5 text-sm text-muted shadow-sm">{conversation.role === 'host' ? t('noOffersHost') : t('noOffersGuest')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="offers">
            {list.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-4 shadow-sm">
                <div className="flex flex-col gap-1">
                  <p className="font-semibold">
                    {t('bookingNumber', { id: b.id })} <StatusChip label={b.label} />
                  </p>
                  <p className="text-sm text-muted">
                    {formatDate(b.check_in, locale)} – {formatDate(b.check_out, locale)} · {t('guestsCount', { count: b.number_of_guests })} · {formatMoney(b.total_price)}
                  </p>
                </div>
                <Link href={`/dashboard/conversations/${conversation.id}/bookings/${b.id}`} className={buttonClass('secondary')}>
                  {t('viewBooking')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ConversationHeader>
    </div>
  );
}
