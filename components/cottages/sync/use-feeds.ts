'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/query/keys';
import type { Feeds } from '@/lib/schemas/calendar-feeds';

/** An ad's calendar sync (GET /api/cottages/{id}/feeds): read by the sync dialog and the calendar editor. */
export function useFeeds(cottageId: number) {
  return useQuery({ queryKey: queryKeys.cottages.feeds(cottageId), queryFn: () => api<Feeds>(`/cottages/${cottageId}/feeds`) });
}

/** Every feed write answers the whole sync state: it replaces the cached one, with no second request. */
export function useSetFeeds(cottageId: number) {
  const client = useQueryClient();
  return (update: Feeds | ((old: Feeds) => Feeds)) => client.setQueryData<Feeds>(queryKeys.cottages.feeds(cottageId), (old) => (typeof update === 'function' ? (old ? update(old) : old) : update));
}
