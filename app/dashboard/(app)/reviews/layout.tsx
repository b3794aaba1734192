import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** The client components here get the shell's messages and the reviews' only (with the review API's texts their form shows). */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="reviews">{children}</ClientMessages>;
}
