'use client';
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { Button, buttonClass } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { useSnackbar } from '@/components/layout/snackbar';
import type { ContactHostAnswer } from '@/lib/schemas/conversation-dto';

/** The public ad's 'Contact host' box: a signed-in guest writes the first message and lands in the conversation. */
export function ContactHost({ cottageId, signedIn, own }: { cottageId: number; signedIn: boolean; own: boolean }) {
  const t = useTranslations('chat');
  const router = useRouter();
  const snackbar = useSnackbar();
  const [values, setValues] = useState({ text: '', check_in: '', check_out: '', guests: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (own) return null;
  if (!signedIn) {
    // Back to this ad after signing in (the dashboard's /contact/{id} leads here).
    return (
      <Link href={`/dashboard/login?next=/contact/${cottageId}`} className={buttonClass()}>
        {t('contactSignIn')}
      </Link>
    );
  }
  const set = (name: keyof typeof values, value: string) => setValues((v) => ({ ...v, [name]: value }));
  async function send() {
    if (!values.text.trim()) return setError(t('empty'));
    setBusy(true);
    try {
      const { id } = await api<ContactHostAnswer>('/conversations', {
        body: {
          cottage_id: cottageId,
          text: values.text,
          check_in: values.check_in || null,
          check_out: values.check_out || null,
          guests: values.guests ? Number(values.guests) : null,
        },
      });
      router.push(`/dashboard/conversations/${id}`);
    } catch (e) {
      snackbar(e instanceof ApiClientError && e.message ? e.message : t('sendFailed'));
      setBusy(false);
    }
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextAreaField label={t('contactText')} value={values.text} error={error} onChange={(e) => set('text', e.target.value)} />
      <div className="grid grid-cols-2 gap-2">
        <TextField type="date" label={t('checkIn')} value={values.check_in} onChange={(e) => set('check_in', e.target.value)} />
        <TextField type="date" label={t('checkOut')} value={values.check_out} onChange={(e) => set('check_out', e.target.value)} />
      </div>
      <TextField label={t('guests')} inputMode="numeric" value={values.guests} onChange={(e) => set('guests', e.target.value.replace(/\D/g, '').slice(0, 3))} />
      <Button type="submit" disabled={busy}>
        {t('contactSend')}
      </Button>
    </form>
  );
}
