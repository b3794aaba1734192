import { notFound } from 'next/navigation';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import type { Cottage } from '@/lib/schemas/cottage-dto';

/**
 * The ad of a `/cottages/{id}/…` page: the ad, or 'notAllowed' when it is someone else's (the page
 * says so, SPEC §6); unknown and malformed ids are Not found.
 */
export async function loadOwnCottage(id: string): Promise<Cottage | 'notAllowed'> {
  if (!/^\d{1,9}$/.test(id)) notFound();
  try {
    return await apiGet<Cottage>(`/api/cottages/${id}`);
  } catch (error) {
    if (error instanceof ApiResponseError && error.code === 'errors.notOwner') return 'notAllowed';
    if (error instanceof ApiResponseError && error.status === 404) notFound();
    throw error;
  }
}
