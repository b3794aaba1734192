// SPEC §2 "/to-do": where each kind of item leads.
export type TodoItem = {
  type: 'UNREAD_MESSAGES' | 'OUTDATED_COTTAGE' | 'PENDING_BOOKING' | 'UNREAD_NEWS';
  value: { read: boolean; id: number; conversation_id: number | null; title: string | null };
};

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
  }
}
