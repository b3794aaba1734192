import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** The public ad's client components (contact form, admin approval) get the shell's messages and theirs. */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="publicAd">{children}</ClientMessages>;
}
