// Serves the Next.js app (`npm start`, `npm run dev`): Next itself, plus one thing `next start` cannot
// do. Next keeps a client-sent X-Forwarded-For as it is, so the client's real address (the socket's
// peer) is lost to the app; here it is put in a header of its own, overwriting whatever the client
// sent, and the BFF trusts X-Forwarded-For only as far as TRUST_PROXY_HOPS says.
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

const server = createServer((req, res) => {
  req.headers['x-stuga-socket-address'] = req.socket.remoteAddress ?? 'unknown';
  void handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`Stuga ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}${dev ? ' (development)' : ''}`);
});
