import { getFormatter, getTranslations } from 'next-intl/server';
import type { KycDocumentView } from '@/lib/schemas/kyc-dto';

/** SPEC §3 "KYC document record": the documents sent, newest first, with the bank's refusal reason. */
export async function KycDocuments({ documents }: { documents: KycDocumentView[] }) {
  if (documents.length === 0) return null;
  const [t, format] = await Promise.all([getTranslations('kyc'), getFormatter()]);
  return (
    <section aria-labelledby="kyc-documents">
      <h2 id="kyc-documents" className="mb-2 text-base font-semibold">
        {t('documents')}
      </h2>
      <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 text-sm" data-testid="kyc-documents">
        {documents.map((d) => (
          <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
            <span>{format.dateTime(new Date(d.creation_date), { dateStyle: 'medium', timeZone: 'Europe/Stockholm' })}</span>
            <span className={d.status === 'REFUSED' ? 'font-semibold text-red-700' : d.status === 'VALIDATED' ? 'font-semibold text-green-700' : ''}>{t(`doc_${d.status}`)}</span>
            {d.status === 'REFUSED' && d.refused_reason_message ? <span className="basis-full text-red-700">{t('refusedReason', { reason: d.refused_reason_message })}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
