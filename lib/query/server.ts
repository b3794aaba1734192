import 'server-only';
import { cache } from 'react';
import { makeQueryClient } from './client';

/** The server request's QueryClient: pages prefetch into it and hand it over with dehydrate + HydrationBoundary. */
export const getQueryClient = cache(makeQueryClient);
