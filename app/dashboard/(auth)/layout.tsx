import Link from 'next/link';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Logo } from '@/components/layout/logo';

/** Signed-out pages: a centred card with the logo and the language switch. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-full flex-col items-center px-4 py-10">
      <div className="flex w-full max-w-md items-center justify-between pb-6">
        <Link href="/">
          <Logo />
        </Link>
        <LanguageSwitch />
      </div>
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </main>
  );
}
