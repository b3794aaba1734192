import Link from 'next/link';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

/** The logo (a link) and the language switch, as pages outside the signed-in shell show them. */
export function BrandBar({ href = '/', className = '' }: { href?: string; className?: string }) {
  return (
    <div className={`flex w-full items-center justify-between ${className}`}>
      <Link href={href}>
        <Logo />
      </Link>
      <LanguageSwitch />
    </div>
  );
}
