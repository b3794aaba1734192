import { notFound } from 'next/navigation';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import type { ReceiptDto } from '@/lib/schemas/orders';

/**
 * The receipt of a `/orders/{id}` page, or null when the API could not answer (the page says so).
 * Malformed ids, unknown ones and anyone else's receipts (the API answers 404) are Not found.
 */
export async function loadReceipt(id: string): Promise<ReceiptDto | null> {
  if (!/^\d{1,9}$/.test(id)) notFound();
  try {
    return await apiGet<ReceiptDto>(`/api/user/orders/${id}`);
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 404) notFound();
    if (error instanceof ApiResponseError) return null;
    throw error;
  }
}
