'use client';
import { useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/format';
import { addOnsVisible, toggleProduct } from '@/lib/rules/products';
import type { ProductDto } from '@/lib/schemas/orders';

type Props = { products: ProductDto[]; selected: number[]; locked: boolean; onChange: (selected: number[]) => void };

const card = (checked: boolean) =>
  `flex cursor-pointer flex-col gap-1 rounded-lg border-2 bg-white p-4 shadow-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 ${checked ? 'border-brand-700' : 'border-gray-200 hover:border-brand-300'}`;

/** SPEC §4: packages as cards (one), the add-on block (one ranking boost at a time, translations as checkboxes), locked past step 0. */
export function ProductChoice({ products, selected, locked, onChange }: Props) {
  const t = useTranslations('order');
  const packages = products.filter((p) => p.type === null);
  const ranking = products.filter((p) => p.type === 'ranking');
  const translations = products.filter((p) => p.type === 'translation');
  const price = (p: ProductDto) => (p.price === 0 ? t('free_price') : formatMoney(p.price));
  const pick = (id: number) => onChange(toggleProduct(selected, id));
  const group = { selected, locked, price, pick };

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2" disabled={locked}>
        <legend className="mb-2 text-lg font-semibold">{t('packagesTitle')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {packages.map((p) => (
            <label key={p.id} className={card(selected.includes(p.id))} data-testid={`product-${p.id}`}>
              <span className="flex items-start gap-2">
                <input type="radio" name="package" className="mt-1 size-4 accent-brand-700" checked={selected.includes(p.id)} onChange={() => pick(p.id)} />
                <span className="font-semibold">{p.name}</span>
              </span>
              <span className="text-sm text-muted">{t(p.id === 10 ? 'package10Text' : 'package1Text')}</span>
              {p.id === 1 ? <span className="text-xs text-muted">{t('comparison')}</span> : null}
              <span className="mt-1 text-lg font-semibold tabular-nums">{price(p)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {addOnsVisible(selected) ? (
        <section aria-labelledby="add-ons" className="flex flex-col gap-4">
          <h2 id="add-ons" className="text-lg font-semibold">
            {t('addOnsTitle')}
          </h2>
          <AddOnGroup title={t('rankingTitle')} hint={t('rankingHint')} products={ranking} columns="sm:grid-cols-3" {...group} />
          <AddOnGroup title={t('translationsTitle')} hint={t('translationsHint')} products={translations} columns="sm:grid-cols-2" {...group} />
        </section>
      ) : null}
    </div>
  );
}

type GroupProps = { title: string; hint: string; products: ProductDto[]; columns: string; selected: number[]; locked: boolean; price: (p: ProductDto) => string; pick: (id: number) => void };

/** One block of add-ons as checkboxes (a ranking boost is still one at a time: toggleProduct drops the other). */
function AddOnGroup({ title, hint, products, columns, selected, locked, price, pick }: GroupProps) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={locked}>
      <legend className="font-semibold">{title}</legend>
      <p className="text-sm text-muted">{hint}</p>
      <div className={`grid gap-3 ${columns}`}>
        {products.map((p) => (
          <label key={p.id} className={card(selected.includes(p.id))} data-testid={`product-${p.id}`}>
            <span className="flex items-start gap-2">
              <input type="checkbox" className="mt-1 size-4 accent-brand-700" checked={selected.includes(p.id)} onChange={() => pick(p.id)} />
              <span className="font-semibold">{p.name}</span>
            </span>
            <span className="tabular-nums">{price(p)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
