// Serves the Next.js app (`npm start`, `npm run dev`): Next itself, plus two things `next start` cannot
// do. Next keeps a client-sent X-Forwarded-For as it is, so the client's real address (the socket's
// peer) is lost to the app; here it is put in a header of its own, overwriting whatever the client
// sent, and the BFF trusts X-Forwarded-For only as far as TRUST_PROXY_HOPS says. And a path that does
// not decode (`/api/cottages/%c0`) names nothing: it gets 400 here, where Next's own decoding would
// answer 500 (this ran in proxy.ts until the BFF stopped going through the proxy: docs/performance.md).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import next from 'next';

const args = process.argv.slice(2);
const option = (...names) => {
  const at = args.findIndex((arg) => names.includes(arg));
  return at >= 0 ? args[at + 1] : undefined;
};
const dev = args.includes('--dev');
const port = Number(option('-p', '--port') ?? process.env.PORT ?? 3000);
const hostname = option('-H', '--hostname') ?? process.env.HOSTNAME ?? '0.0.0.0';

// Tells the BFF (same process) that every request's socket-address header was written here.
process.env.STUGA_SOCKET_ADDRESS_HEADER = '1';
const app = next({ dev, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

/** The 400 answer's text in each language (messages/*.json, `errors.badUrl`), chosen as pages choose: the `lang` cookie, else Swedish. */
const badUrl = Object.fromEntries(['sv', 'en'].map((lang) => [lang, JSON.parse(readFileSync(new URL(`./messages/${lang}.json`, import.meta.url), 'utf8')).errors.badUrl]));
const decodes = (path) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

const server = createServer((req, res) => {
  req.headers['x-stuga-socket-address'] = req.socket.remoteAddress ?? 'unknown';
  const path = (req.url ?? '/').split('?')[0];
  if (!decodes(path)) {
    const lang = /(?:^|;\s*)lang=en(?:;|$)/.test(req.headers.cookie ?? '') ? 'en' : 'sv';
    const body = JSON.stringify({ message: badUrl[lang], code: 'errors.badUrl', errors: [] });
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  void handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`Stuga ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}${dev ? ' (development)' : ''}`);
});
