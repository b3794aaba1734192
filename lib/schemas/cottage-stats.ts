// SPEC §3/§7 GET /api/cottages/{id}/stats: visits of the public ad page per Stockholm day for the last
// 60 days (days without visits included, oldest first) and their total.
import * as z from 'zod/mini';
import { isDay } from '../rules/dates';

export const visitStatsSchema = z.object({
  total: z.int().check(z.nonnegative()),
  rows: z.array(z.object({ date: z.string().check(z.refine(isDay)), visits: z.int().check(z.nonnegative()) })),
});
export type VisitStats = z.infer<typeof visitStatsSchema>;
