import { BrandBar } from '@/components/layout/brand-bar';
import { ClientMessages } from '@/lib/i18n/client-messages-provider';

/** Signed-out pages: a centred card with the logo and the language switch. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-full flex-col items-center px-4 py-10">
      <BrandBar className="max-w-md pb-6" />
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-sm sm:p-8">
        <ClientMessages area="auth">{children}</ClientMessages>
      </div>
    </main>
  );
}
