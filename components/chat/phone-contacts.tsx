'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { LazyDialog } from '@/components/ui/lazy-dialog';
import type { Person } from '@/lib/schemas/person';

/** SPEC §2: the other participants' phone numbers — shown once a booking in the conversation is paid. */
export function PhoneContacts({ people }: { people: Person[] }) {
  const t = useTranslations('chat');
  const tc = useTranslations('common');
  const [open, setOpen] = useState(false);
  const phones = people.flatMap((p) => [p.phone_1, p.phone_2].filter(Boolean).map((phone) => ({ name: p.name ?? t('deletedUser'), phone: phone! })));
  return (
    <>
      <Button variant="text" onClick={() => setOpen(true)}>
        {t('phones')}
      </Button>
      {open ? (
        <LazyDialog open onOpenChange={setOpen} title={t('phones')} actions={<Button onClick={() => setOpen(false)}>{tc('close')}</Button>}>
          {phones.length ? (
            <ul>
              {phones.map((p) => (
                <li key={p.phone}>{t('phoneOf', p)}</li>
              ))}
            </ul>
          ) : (
            <p>{t('phonesHidden')}</p>
          )}
        </LazyDialog>
      ) : null}
    </>
  );
}
