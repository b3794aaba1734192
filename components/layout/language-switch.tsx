import { getLocale, getTranslations } from 'next-intl/server';

/** Plain links with `?lang=`: the proxy stores the choice in a cookie and reloads the page. */
export async function LanguageSwitch({ className = '' }: { className?: string }) {
  const locale = await getLocale();
  const t = await getTranslations('common');
  const items = [
    { code: 'sv', label: t('swedish') },
    { code: 'en', label: t('english') },
  ];
  return (
    <nav aria-label={t('language')} className={`flex gap-3 text-sm ${className}`}>
      {items.map((item) =>
        item.code === locale ? (
          <span key={item.code} aria-current="true" className="font-semibold">
            {item.label}
          </span>
        ) : (
          <a key={item.code} href={`?lang=${item.code}`} hrefLang={item.code} lang={item.code} className="text-brand-700 underline-offset-2 hover:underline" data-lang={item.code}>
            {item.label}
          </a>
        ),
      )}
    </nav>
  );
}
