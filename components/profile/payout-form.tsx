'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { cleanIban } from '@/lib/rules/payout';
import type { HostInformationBody } from '@/lib/schemas/payout';
import type { HostInformationAnswer, User } from '@/lib/schemas/user-dto';
import { useZodForm } from '@/components/forms/use-zod-form';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import { Button } from '@/components/ui/button';
import { isCompany, PayoutFields, payoutDefaults } from './payout-fields';
import { useConfirmedSave } from './use-confirmed-save';

/**
 * SPEC §2 /profile/payout step 1: the host information and the bank account payouts go to (SPEC §5
 * "Payout person"). Pages use the lazy one (payout-form-lazy.tsx): this module and react-hook-form load after the page.
 */
export function PayoutForm({ user }: { user: User }) {
  const t = useTranslations('payout');
  const context = { company: isCompany(user), nationality: user.nationality, termsNeeded: !user.payment_terms_accepted };
  // The schema (and zod) load when the form is first checked: the page's first load stays small.
  const form = useZodForm(() => import('@/lib/schemas/payout').then((m) => m.hostInformationSchema(context)), { defaultValues: payoutDefaults(user) });
  const save = useConfirmedSave({
    askPassword: user.type === 'STRICT' && !user.bankid_verified_at,
    // SPEC §5: spaces and hyphens are stripped from the IBAN before it is sent.
    send: (values: HostInformationBody) => api<HostInformationAnswer>('/user/host-information', { method: 'PUT', body: { ...values, iban: cleanIban(values.iban) } }),
    form,
    success: t('saved'),
    onSaved: (saved, values) => {
      form.reset({ ...values, password: undefined, accept_payment_terms: false });
      // SPEC §4 "Payout save": a new bank account is confirmed with SCA at the payment provider first.
      if (saved.sca_bank_status === 'PENDING' && saved.sca_bank_action_url) window.location.assign(saved.sca_bank_action_url);
    },
  });

  return (
    <form onSubmit={form.handleSubmit((values) => save.request(values))} noValidate className="flex flex-col gap-6">
      <PayoutFields form={form} user={user} />
      <div>
        <Button type="submit" disabled={!form.formState.isDirty || save.isPending}>
          {t('save')}
        </Button>
      </div>
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
      {save.dialogs}
    </form>
  );
}
