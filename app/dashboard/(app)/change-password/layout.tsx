import { ClientMessages } from '@/lib/i18n/client-messages-provider';

export default function ChangePasswordLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages area="changePassword">{children}</ClientMessages>;
}
