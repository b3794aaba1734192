import { SnackbarProvider } from '@/components/layout/snackbar';
import { Notice } from '@/components/ui/notice';

/** The frame of every local provider page (MangoPay's card, KYC desk and SCA, BankID): the provider's mark, the title, the sandbox note. */
export function SandboxFrame({ mark, markClass, title, note, wide = false, children }: { mark: string; markClass: string; title: string; note: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <SnackbarProvider>
      <main className={`mx-auto flex ${wide ? 'max-w-2xl' : 'max-w-md'} flex-col gap-5 px-4 py-12`}>
        <div className="flex items-center gap-3">
          <span className={`flex size-12 items-center justify-center rounded-lg text-lg font-bold text-white ${markClass}`} aria-hidden>
            {mark}
          </span>
          <h1 className="text-2xl font-semibold">{title}</h1>
        </div>
        <Notice>{note}</Notice>
        {children}
      </main>
    </SnackbarProvider>
  );
}
