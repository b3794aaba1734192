import { ClientMessages } from '@/lib/i18n/client-messages-provider';

export default function PayoutLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="profile">{children}</ClientMessages>;
}
