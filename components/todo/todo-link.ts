// SPEC §2 "/to-do": where each kind of item leads.
import type { TodoItem } from '@/lib/schemas/user-dto';

export function todoHref(item: TodoItem): string {
  switch (item.type) {
    case 'UNREAD_MESSAGES':
      return '/dashboard/conversations';
    case 'OUTDATED_COTTAGE':
      return `/dashboard/cottages/${item.value.id}/calendar`;
    case 'PENDING_BOOKING':
      return `/dashboard/conversations/${item.value.conversation_id}/bookings/${item.value.id}`;
    case 'UNREAD_NEWS':
      return `/dashboard/news/${item.value.id}`;
    case 'PAYOUT_WAITING':
      return '/dashboard/profile/payout';
    case 'CALENDAR_FEED':
      return `/dashboard/cottages/${item.value.id}/sync`;
  }
}
