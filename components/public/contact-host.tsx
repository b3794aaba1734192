'use client';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';

// The form (and react-hook-form) loads only for signed-in visitors who are not the ad's host.
const ContactHostForm = dynamic(() => import('./contact-host-form').then((m) => m.ContactHostForm));

/** The public ad's 'Contact host' box: a signed-in guest writes the first message and lands in the conversation. */
export function ContactHost({ cottageId, signedIn, own }: { cottageId: number; signedIn: boolean; own: boolean }) {
  const t = useTranslations('chat');
  if (own) return null;
  if (!signedIn) {
    // Back to this ad after signing in (the dashboard's /contact/{id} leads here).
    return (
      <Link href={`/dashboard/login?next=/contact/${cottageId}`} className={buttonClass()}>
        {t('contactSignIn')}
      </Link>
    );
  }
  return <ContactHostForm cottageId={cottageId} />;
}
