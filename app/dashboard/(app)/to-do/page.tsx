import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { todoHref } from '@/components/todo/todo-link';
import type { TodoItem } from '@/lib/schemas/user-dto';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('todo'))('title') };
}

// /dashboard/to-do — the user's to-do items, unread first
export default async function TodoPage() {
  const t = await getTranslations('todo');
  const items = await apiGet<TodoItem[]>('/api/user/todo');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      {items.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-muted shadow-sm">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white shadow-sm">
          {items.map((item) => (
            <li key={`${item.type}-${item.value.id}`}>
              <Link href={todoHref(item)} className="flex items-center gap-3 px-5 py-4 hover:bg-gray-50">
                <span className={`size-2.5 shrink-0 rounded-full ${item.value.read ? 'bg-gray-300' : 'bg-red-600'}`} aria-hidden />
                <span className={item.value.read ? 'text-muted' : 'font-semibold'}>{t(item.type, { title: item.value.title ?? '' })}</span>
                <span className="ml-auto text-xs text-muted">{item.value.read ? t('read') : t('unread')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
