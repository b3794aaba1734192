import 'server-only';
import { log } from '../log';

export type MangoSettings = { clientId: string; apiKey: string; baseUrl: string };

/**
 * The official SDK's client. The SDK keeps its base URL in axios' global defaults, so a process
 * talks to one MangoPay (the real one with keys, the local emulation in the sandbox): one client
 * per base URL, the last one made wins — which is why only one kind is ever made per process.
 */
const clients = new Map<string, Promise<unknown>>();
export function mangoClient<T>(settings: MangoSettings): Promise<T> {
  let client = clients.get(settings.baseUrl);
  if (!client) {
    client = import('mangopay2-nodejs-sdk').then((m) => {
      const Mango = (m as unknown as { default: new (o: Record<string, unknown>) => T }).default;
      // The SDK's default error handler prints to the console; failures are thrown to the caller and logged there.
      return new Mango({
        clientId: settings.clientId,
        clientApiKey: settings.apiKey,
        baseUrl: settings.baseUrl,
        errorHandler: (_options: unknown, error: unknown) => log.debug({ err: error }, 'mangopay request failed'),
      });
    });
    clients.set(settings.baseUrl, client);
  }
  return client as Promise<T>;
}
