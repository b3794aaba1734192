import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** The inbox gets the shell's messages and its own only; a conversation (its layout) gets the whole chat. */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="inbox">{children}</ClientMessages>;
}
