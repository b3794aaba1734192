'use client';
import { useTranslations } from 'next-intl';
import { ErrorScreen } from '@/components/layout/error-screen';

export default function DashboardError({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations('crash');
  return <ErrorScreen error={error} texts={{ title: t('title'), text: t('text'), contact: t('contact'), reload: t('reload') }} />;
}
