export type Person = { id: number | null; name: string | null; first_name: string | null; phone_1: string | null; phone_2: string | null; deleted: boolean };
export type ChatMessage = {
  id: number;
  type: string;
  text: string;
  user_id: number | null;
  created_at: string;
  deleted_at: string | null;
  seen_by_users: number[];
  resource_id: number | null;
  meta: { check_in?: string | null; check_out?: string | null; guests?: number | null; size?: number; cottage_id?: number | null; booking_id?: number | null };
};
export type ConversationSummary = {
  id: number;
  role: 'host' | 'guest';
  cottage: { id: number; title_sv: string | null } | null;
  Users: Person[];
  preview: string;
  preview_type: string | null;
  last_message_at: string;
  unread_messages: number;
  tags: { id: number; tag: string }[];
};
export type Conversation = {
  id: number;
  role: 'host' | 'guest';
  cottage: { id: number; title_sv: string | null; image: string | null } | null;
  Users: Person[];
  Messages: ChatMessage[];
  tags: { id: number; tag: string }[];
  filters: { commission: boolean; files: boolean; conversation_bookings: number; total_host_bookings_18m: number };
  HostReview: { recommended: boolean } | null;
  can_review_host: boolean;
};
