import { ClientMessages } from '@/lib/i18n/client-messages-provider';
import { SnackbarProvider } from '@/components/layout/snackbar';
import { QueryProvider } from '@/components/query/query-provider';

/** The public ad's client components (contact form, admin approval) get the shell's messages and theirs. */
export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages area="publicAd">
      <SnackbarProvider>
        <QueryProvider>{children}</QueryProvider>
      </SnackbarProvider>
    </ClientMessages>
  );
}
