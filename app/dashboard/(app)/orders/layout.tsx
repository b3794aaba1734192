import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** The client components here get the shell's messages and the receipts' only (the DAC7 page reads its own on the server). */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="receipts">{children}</ClientMessages>;
}
