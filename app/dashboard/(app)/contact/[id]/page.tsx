import { notFound, redirect } from 'next/navigation';

// /dashboard/contact/{id} — where signing in from an ad's 'Contact host' box returns: back to the ad
export default async function ContactRedirect({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  redirect(`/sv/stuga/${id}#contact-host`);
}
