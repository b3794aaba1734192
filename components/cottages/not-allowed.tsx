import { getTranslations } from 'next-intl/server';
import { Notice } from '@/components/ui/notice';

/** SPEC §6: someone else's ad — the editor's and the payment page's answer. */
export async function NotAllowed() {
  const t = await getTranslations('cottage');
  return (
    <div className="max-w-2xl">
      <Notice tone="error">{t('notAllowed')}</Notice>
    </div>
  );
}
