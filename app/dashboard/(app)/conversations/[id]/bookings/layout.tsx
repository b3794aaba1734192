import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** A conversation's offers and bookings: the offer form and booking actions need the booking and ad messages too. */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="conversationBookings">{children}</ClientMessages>;
}
