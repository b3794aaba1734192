import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/constants';
import { isCountryCode } from '@/lib/data/countries';
import { formatDate, formatMoney } from '@/lib/format';
import type { ReceiptDto } from '@/lib/schemas/orders';
import { ReceiptStatus } from './receipt-status';

type Party = ReceiptDto['seller'];
type Line = { key: string; text: string; notes: string[]; price: number };

/** Rent passes through the platform: these receipts carry no VAT and say so (SPEC §9). */
const PASS_THROUGH: readonly ReceiptDto['type'][] = ['PAYIN', 'PAYOUT', 'REFUND'];

/** One receipt as it prints on A4 (SPEC §2 /orders/{id}): who sold, who bought, what, and the VAT. */
export async function ReceiptDocument({ receipt: r }: { receipt: ReceiptDto }) {
  const [t, locale] = await Promise.all([getTranslations('receipts'), getLocale() as Promise<Locale>]);
  const day = (value: string) => formatDate(value, locale);
  // An address's country comes as its code ('SE'): the reader sees its name ('Sverige' / 'Sweden').
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const place = (line: string) => (isCountryCode(line) ? (regions.of(line) ?? line) : line);
  const party = (p: Party): Party => ({ ...p, lines: p.lines.map(place) });

  // An ad payment lists its products; the money of a booking is one line naming the stay.
  const adNote = r.cottage_id ? [t('ad', { id: r.cottage_id }) + (r.cottage_title ? ` · ${r.cottage_title}` : '')] : [];
  const lines: Line[] =
    r.type === 'PAYMENT' && r.products.length > 0
      ? r.products.map((p, i) => ({ key: `${p.id}-${i}`, text: p.name, notes: i === 0 ? adNote : [], price: p.price }))
      : [
          {
            key: r.type,
            // The host's share of rent a cancelling guest did not get back, and a refund of a payment that could not book, have lines of their own.
            text: r.type === 'PAYMENT' ? t('type_PAYMENT') : r.purpose === 'RETAINED' || r.purpose === 'UNBOOKABLE' ? t(`line_${r.type}_${r.purpose}`) : t(`line_${r.type}`),
            notes: [
              [r.booking_id ? t('booking', { id: r.booking_id }) : null, r.stay ? t('stay', { from: day(r.stay.check_in), to: day(r.stay.check_out) }) : null].filter(Boolean).join(' · '),
              ...adNote,
            ].filter(Boolean),
            price: r.amount,
          },
        ];

  const amountCell = 'whitespace-nowrap pl-4 text-right align-baseline tabular-nums';
  const labelCell = 'text-left align-baseline';
  return (
    <article className="receipt rounded-lg bg-white p-5 shadow-sm sm:p-8" aria-labelledby="receipt-title" data-testid="receipt">
      <header className="flex flex-col gap-3 border-b border-gray-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 id="receipt-title" className="text-2xl font-semibold sm:text-3xl">
            {t('number', { id: r.id })}
          </h1>
          <p className="mt-1 text-muted">{t(`type_${r.type}`)}</p>
        </div>
        <div className="flex flex-col gap-1 text-sm sm:items-end sm:text-right">
          <p data-testid="receipt-date">{r.paid_at ? t('paidOn', { date: formatDate(r.paid_at, locale, true) }) : t('createdOn', { date: formatDate(r.created_at, locale, true) })}</p>
          {r.payment_status !== 'paid' ? <ReceiptStatus status={r.payment_status} /> : null}
        </div>
      </header>

      <div className="grid grid-cols-1 gap-5 border-b border-gray-200 py-5 sm:grid-cols-2 print:grid-cols-2">
        <PartyBlock id="receipt-seller" title={t('seller')} party={party(r.seller)} org={(n) => t('orgNumber', { number: n })} vat={(n) => t('vatNumber', { number: n })} />
        <PartyBlock id="receipt-buyer" title={t('buyer')} party={party(r.buyer)} org={(n) => t('orgNumber', { number: n })} vat={(n) => t('vatNumber', { number: n })} />
      </div>

      <table className="mt-4 w-full text-sm" data-testid="receipt-lines">
        <thead>
          <tr className="border-b border-gray-200 text-left text-muted">
            <th scope="col" className="py-2 font-medium">
              {t('item')}
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-medium">
              {t('price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className="border-b border-gray-100 align-top">
              <td className="py-2">
                <span className="block">{line.text}</span>
                {line.notes.map((note) => (
                  <span key={note} className="block text-xs text-muted">
                    {note}
                  </span>
                ))}
              </td>
              <td className={`${amountCell} py-2 align-top`}>{formatMoney(line.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {r.tax ? (
            <>
              <tr data-testid="receipt-net">
                <th scope="row" className={`${labelCell} pt-3 pb-1 font-normal`}>
                  {t('net')}
                </th>
                <td className={`${amountCell} pt-3 pb-1`}>{formatMoney(r.tax.net)}</td>
              </tr>
              <tr data-testid="receipt-vat">
                <th scope="row" className={`${labelCell} py-1 font-normal`}>
                  {t('vat', { rate: r.tax.rate })}
                </th>
                <td className={`${amountCell} py-1`}>{formatMoney(r.tax.tax)}</td>
              </tr>
            </>
          ) : null}
          <tr className="text-base font-semibold" data-testid="receipt-total">
            <th scope="row" className={`${labelCell} pt-3`}>
              {t('total')}
            </th>
            <td className={`${amountCell} pt-3`}>{formatMoney(r.amount)}</td>
          </tr>
        </tfoot>
      </table>
      {!r.tax && PASS_THROUGH.includes(r.type) ? <p className="mt-5 text-sm text-muted">{t('noVat')}</p> : null}
    </article>
  );
}

function PartyBlock({ id, title, party, org, vat }: { id: string; title: string; party: Party; org: (n: string) => string; vat: (n: string) => string }) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h2>
      <address className="text-sm not-italic">
        <span className="block font-semibold">{party.name}</span>
        {party.lines.map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
        {party.org_number ? <span className="block">{org(party.org_number)}</span> : null}
        {party.vat_number ? <span className="block">{vat(party.vat_number)}</span> : null}
      </address>
    </section>
  );
}
