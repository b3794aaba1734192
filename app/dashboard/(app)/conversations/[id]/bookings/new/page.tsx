import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LazyOfferForm } from '@/components/bookings/offer-form-lazy';
import type { CancellationPolicy } from '@/lib/schemas/booking-dto';
import type { Conversation } from '@/lib/schemas/conversation-dto';
import type { CottageListItem } from '@/lib/schemas/cottage-dto';
import { Notice } from '@/components/ui/notice';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { queryKeys } from '@/lib/query/keys';
import { fetchWithRetries } from '@/lib/query/server';
import { todayInStockholm } from '@/lib/rules/dates';
import { isProfileComplete, type ProfileFields } from '@/lib/rules/profile';
import ArrowLeft from 'lucide-react/icons/arrow-left';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('booking'))('createOffer') };
}

// /dashboard/conversations/{id}/bookings/new — the host's offer form (hosts only)
export default async function NewOfferPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const t = await getTranslations('booking');
  const tc = await getTranslations('chat');
  let conversation: Conversation;
  let me: ProfileFields & { id: number };
  let cottages: CottageListItem[];
  let policies: CancellationPolicy[];
  try {
    [conversation, me, cottages, policies] = await Promise.all([
      apiGet<Conversation>(`/api/conversations/${id}`),
      apiGet<ProfileFields & { id: number }>('/api/user'),
      apiGet<CottageListItem[]>('/api/cottages'),
      fetchWithRetries(queryKeys.cancellationPolicies, () => apiGet<CancellationPolicy[]>('/api/cancellation-policies')),
    ]);
  } catch (error) {
    if (error instanceof ApiResponseError) return <Notice tone="error">{error.status === 404 || error.status === 400 ? tc('invalidConversation') : tc('loadFailed')}</Notice>;
    throw error;
  }
  const back = (
    <Link href={`/dashboard/conversations/${conversation.id}/bookings`} className="text-sm text-brand-700 hover:underline">
      <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
      {tc('offersTab')}
    </Link>
  );
  const guest = conversation.Users[0];
  let body: React.ReactNode;
  if (conversation.role !== 'host') {
    body = <Notice tone="error">{t('onlyHost')}</Notice>;
  } else if (!isProfileComplete(me)) {
    // SPEC §6: a complete, strict profile first, with a link to it.
    body = (
      <Notice tone="error">
        {t('profileIncomplete')}{' '}
        <Link href={`/dashboard/profile?next=${encodeURIComponent(`/conversations/${id}/bookings/new`)}&booking=true`} className="font-semibold underline">
          {t('toProfile')}
        </Link>
      </Notice>
    );
  } else {
    const reviewed = cottages.filter((c) => c.reviewed_at);
    body = reviewed.length ? (
      <LazyOfferForm
        conversationId={conversation.id}
        guestId={conversation.Users[0]?.id ?? 0}
        guestName={guest?.deleted ? tc('deletedUser') : (guest?.name ?? '')}
        cottages={reviewed.map((c) => ({
          id: c.id,
          title_sv: c.title_sv,
          commission_percentage: c.commission_percentage,
          dac7_valid: c.dac7_valid,
          property_designation: c.property_designation,
          address_street: c.address_street,
          address_postal_code: c.address_postal_code,
          address_city: c.address_city,
          lat: c.lat,
          lng: c.lng,
          hide_location: c.hide_location,
          region_id: c.region_id,
          cottage_village: c.cottage_village,
        }))}
        defaultCottageId={reviewed.some((c) => c.id === conversation.cottage?.id) ? conversation.cottage!.id : null}
        policies={policies}
        today={todayInStockholm()}
      />
    ) : (
      <Notice tone="error">{t('adNotReviewed')}</Notice>
    );
  }
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {back}
      <h1 className="text-2xl font-semibold">{t('createOffer')}</h1>
      {guest ? <p className="text-sm text-muted">{t('offerTo', { name: guest.deleted ? tc('deletedUser') : (guest.name ?? '') })}</p> : null}
      {body}
    </div>
  );
}
