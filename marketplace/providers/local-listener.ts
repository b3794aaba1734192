import 'server-only';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/**
 * A provider emulation's base URL: its Hono app on a free local port of this process, started once
 * (the SDK needs an absolute URL the server can always reach; see docs/payments.md). A failed start
 * is tried again on the next call.
 */
export function localListener(make: () => Hono): () => Promise<string> {
  let listening: Promise<string> | null = null;
  return () => {
    listening ??= new Promise((resolve, reject) => {
      // Inside the Next server: keep the global Response (Next checks instanceof against it).
      const server = serve({ fetch: make().fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
      server.once('listening', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      server.once('error', (error) => {
        listening = null;
        reject(error);
      });
      server.unref();
    });
    return listening;
  };
}
