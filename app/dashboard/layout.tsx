import { SnackbarProvider } from '@/components/layout/snackbar';

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return <SnackbarProvider>{children}</SnackbarProvider>;
}
