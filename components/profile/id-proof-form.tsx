'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { firstNameWords, ID_DOCUMENT_TYPES, KYC_FILE_TYPES, kycFileProblem, needsBackSide } from '@/lib/rules/kyc';
import type { KycState } from '@/lib/schemas/kyc-dto';
import type { IdProofInput } from '@/lib/schemas/kyc';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';

type Values = IdProofInput & { front?: File | null; back?: File | null };

/** The form's values as the API's multipart body (SPEC §7 POST /api/mango/kyc/identity). */
function multipart(values: Values): FormData {
  const body = new FormData();
  body.set('accept_terms', String(values.accept_terms));
  body.set('document_type', values.document_type);
  body.set('id_first_name', values.id_first_name);
  body.set('id_last_name', values.id_last_name);
  for (const word of values.first_name) body.append('first_name', word);
  body.set('validationType', 'IDENTITY_PROOF');
  if (values.front) body.append('validationFile', values.front);
  if (values.back && needsBackSide(values.document_type)) body.append('validationFile', values.back);
  return body;
}

/** SPEC §5 "ID proof form": the document, the names on it, the first-name words on it, its sides, the terms. */
export function IdProofForm({ firstName, lastName }: { firstName: string | null; lastName: string | null }) {
  const t = useTranslations('kyc');
  const tAll = useTranslations();
  const words = firstNameWords(firstName);
  const form = useZodForm(() => import('@/lib/schemas/kyc').then((m) => m.idProofSchema({ profileFirstName: firstName })), {
    defaultValues: { accept_terms: false, document_type: 'PASSPORT', id_first_name: firstName ?? '', id_last_name: lastName ?? '', first_name: words, front: null, back: null } as Values,
  });
  const send = useApiMutation({ mutationFn: (values: Values) => api<KycState>('/mango/kyc/identity', { method: 'POST', body: multipart(values) }), form, success: t('sent'), refresh: true });
  const error = (name: keyof Values & string) => showMessage(tAll, form.formState.errors[name]?.message as string | undefined);
  const type = form.watch('document_type');
  const chosen = form.watch('first_name');
  const check = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const file = (side: 'front' | 'back') => (
    <TextField
      type="file"
      accept={KYC_FILE_TYPES.join(',')}
      label={side === 'front' && type === 'PASSPORT' ? t('frontPassport') : t(side)}
      error={error(side) ?? undefined}
      onChange={(event) => {
        const picked = event.currentTarget.files?.[0] ?? null;
        const problem = picked ? kycFileProblem(picked) : null;
        // A refused file is no file; its error stays (a validation run now would replace it with 'choose the side').
        if (problem) {
          form.setValue(side, null, { shouldDirty: true });
          form.setError(side, { type: 'file', message: problem });
        } else form.setValue(side, picked, check);
      }}
    />
  );

  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(values as Values))} noValidate className="flex flex-col gap-4">
      <SelectField label={t('documentType')} error={error('document_type')} {...form.register('document_type')}>
        {ID_DOCUMENT_TYPES.map((d) => (
          <option key={d} value={d}>
            {t(d)}
          </option>
        ))}
      </SelectField>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-x-4 sm:grid-cols-2">
        <TextField label={t('idFirstName')} autoComplete="given-name" error={error('id_first_name')} {...form.register('id_first_name')} />
        <TextField label={t('idLastName')} autoComplete="family-name" error={error('id_last_name')} {...form.register('id_last_name')} />
      </div>
      <fieldset className="min-w-0" aria-describedby="kyc-names-error">
        <legend className="mb-1 text-sm font-medium text-ink">{t('chooseLegend')}</legend>
        {words.map((word) => (
          <CheckboxField
            key={word}
            label={word}
            checked={chosen.includes(word)}
            onChange={(event) => form.setValue('first_name', event.currentTarget.checked ? [...chosen, word] : chosen.filter((w) => w !== word), check)}
          />
        ))}
        <p id="kyc-names-error" className="min-h-5 text-sm text-red-700" role={form.formState.errors.first_name ? 'alert' : undefined}>
          {error('first_name')}
        </p>
      </fieldset>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-x-4 sm:grid-cols-2">
        {file('front')}
        {needsBackSide(type) ? file('back') : null}
      </div>
      <p id="kyc-file-hint" className="-mt-3 text-sm text-muted">
        {t('fileHint')}
      </p>
      <CheckboxField label={t('acceptTerms')} error={error('accept_terms')} {...form.register('accept_terms')} />
      <div>
        <Button type="submit" disabled={send.isPending}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
