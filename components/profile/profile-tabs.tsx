import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

/** SPEC §2: the profile's tabs, profile and payout (payout only while the user's booking is active). */
export async function ProfileTabs({ current }: { current: 'profile' | 'payout' }) {
  const t = await getTranslations('profile');
  const tab = (name: 'profile' | 'payout', href: string, label: string) => (
    <Link
      href={href}
      aria-current={current === name ? 'page' : undefined}
      className={`border-b-2 px-4 py-2 text-sm font-semibold ${current === name ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:text-ink'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('tabs')} className="-mt-2 flex gap-1 border-b border-gray-200">
      {tab('profile', '/dashboard/profile', t('tabProfile'))}
      {tab('payout', '/dashboard/profile/payout', t('tabPayout'))}
    </nav>
  );
}
