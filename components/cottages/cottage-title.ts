import type { Cottage } from '@/lib/schemas/cottage-dto';

/** An ad's title as lists show it: the Swedish title, or "Untitled ad {id}" until it has one. */
export const cottageTitle = (c: Pick<Cottage, 'id' | 'title_sv'>, untitled: (id: number) => string) => c.title_sv || untitled(c.id);
