import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** The client components here get the shell's messages and this area's only. */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="conversations">{children}</ClientMessages>;
}
