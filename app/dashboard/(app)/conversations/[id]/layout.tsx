import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** A conversation's client components (the chat, its offers) get the shell's messages and the chat's. */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="conversations">{children}</ClientMessages>;
}
