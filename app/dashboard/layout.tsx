import { SnackbarProvider } from '@/components/layout/snackbar';
import { QueryProvider } from '@/components/query/query-provider';

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return (
    <SnackbarProvider>
      <QueryProvider>{children}</QueryProvider>
    </SnackbarProvider>
  );
}
