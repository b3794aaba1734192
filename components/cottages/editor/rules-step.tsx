'use client';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { api } from '@/lib/api/client';
import { errorText } from '@/lib/api/errors';
import { showMessage } from '@/lib/i18n/message';
import { queryKeys } from '@/lib/query/keys';
import { STAY_RULES_MAX, type StayRule } from '@/lib/rules/stay-rules';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import { StepDialog } from './step-dialog';
import { newStayRule, stayRuleOf, stayRuleValues, type StayRulesValues } from './stay-rule-values';
import { StayRuleFields } from './stay-rule-fields';
import { useStepForm } from './use-step-form';
import Plus from 'lucide-react/icons/plus';

/** Issue 18: the ad's stay rules, read afresh each time the dialog opens (the form starts from them). */
export function RulesStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations();
  const query = useQuery({
    queryKey: queryKeys.cottages.stayRules(cottage.id),
    queryFn: () => api<{ rules: StayRule[] }>(`/cottages/${cottage.id}/stay-rules`),
    refetchOnMount: 'always',
  });
  if (query.isSuccess && query.isFetchedAfterMount) return <RulesForm cottage={cottage} rules={query.data.rules} />;
  return (
    <StepDialog cottageId={cottage.id} title={t('cottage.step_rules')} size="wide" dirty={false} saving={false}>
      {query.isError ? (
        <Notice tone="error">{errorText(query.error, t)}</Notice>
      ) : (
        <div className="h-72 animate-pulse rounded-md bg-gray-100" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      )}
    </StepDialog>
  );
}

function RulesForm({ cottage, rules }: { cottage: Cottage; rules: StayRule[] }) {
  const t = useTranslations('stayRules');
  const tAll = useTranslations();
  const { form, dialog } = useStepForm(cottage.id, {
    values: { rules: rules.map(stayRuleValues) } satisfies StayRulesValues,
    toPayload: (v) => ({ rules: v.rules.map(stayRuleOf) }),
    schema: { load: () => import('@/lib/schemas/stay-rules').then((m) => m.stayRulesBody) },
    path: `/cottages/${cottage.id}/stay-rules`,
    invalidates: [queryKeys.cottages.stayRules(cottage.id)],
  });
  // The list without react-hook-form's useFieldArray (its code would join every form's first load):
  // rules are added and removed as the whole array's value, which rewrites the fields by index.
  const values = form.watch('rules');
  const setRules = (next: StayRulesValues['rules']) => {
    form.clearErrors('rules');
    form.setValue('rules', next, { shouldDirty: true });
  };
  const listError = form.formState.errors.rules?.root?.message ?? form.formState.errors.rules?.message;
  // Focus follows the change: into a new rule, or back to the add button after a removal.
  const list = useRef<HTMLDivElement>(null);
  const add = useRef<HTMLDivElement>(null);
  const count = useRef(values.length);
  useEffect(() => {
    if (values.length > count.current) list.current?.lastElementChild?.querySelector<HTMLInputElement>('input')?.focus();
    else if (values.length < count.current) add.current?.querySelector('button')?.focus();
    count.current = values.length;
  }, [values.length]);

  return (
    <StepDialog cottageId={cottage.id} title={tAll('cottage.step_rules')} size="wide" {...dialog}>
      <p className="mb-4 text-sm text-muted">{t('editorIntro')}</p>
      {listError ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {showMessage(tAll, listError)}
        </p>
      ) : null}
      {values.length ? null : <p className="mb-4 text-sm">{t('none')}</p>}
      <div ref={list} className="flex flex-col gap-5">
        {values.map((rule, index) => (
          // By index: a removal moves the later rules' values up into these fields.
          <StayRuleFields key={index} form={form} index={index} values={rule} onRemove={() => setRules(values.filter((_, i) => i !== index))} />
        ))}
      </div>
      <div ref={add} className="mt-4">
        <Button variant="secondary" disabled={values.length >= STAY_RULES_MAX} onClick={() => setRules([...values, newStayRule(values)])}>
          <Plus className="size-4" aria-hidden />
          {t('addRule')}
        </Button>
      </div>
    </StepDialog>
  );
}
