// How long a chat message takes to reach the other side (issue 12: ≤ 1 s median with the SPEC's polling).
// Against a running server (BASE, default http://127.0.0.1:3400) with the demo accounts: the guest sends 30
// messages through the BFF at random moments; the host's chat polls `?after=` every CHAT_POLL_MS, as the
// chat does. Prints the median, p90 and max from the send to the poll that shows the message.
//   node scripts/chat-latency.mjs CONVERSATION_ID   (a conversation of host@example.com with guest@example.com)
const base = process.env.BASE ?? 'http://127.0.0.1:3400';
const conversation = Number(process.argv[2]);
const POLL_MS = 1000; // lib/constants.ts CHAT_POLL_MS
const SAMPLES = 30;

async function signIn(username, password) {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const host = await signIn('host@example.com', 'demo-host-1');
const guest = await signIn('guest@example.com', 'demo-guest-1');
const read = async (path) => (await fetch(base + path, { headers: { cookie: host } })).json();
let last = (await read(`/api/conversations/${conversation}/messages`)).at(-1)?.id ?? 0;
const waits = [];
let pending = null;
// The host's chat: one poll a second, on its own clock.
const poll = setInterval(async () => {
  for (const m of await read(`/api/conversations/${conversation}/messages?after=${last}`)) {
    last = Math.max(last, m.id);
    if (pending && m.text === pending.text) {
      waits.push(performance.now() - pending.at);
      pending = null;
    }
  }
}, POLL_MS);
for (let i = 0; i < SAMPLES; i++) {
  await new Promise((r) => setTimeout(r, POLL_MS + Math.random() * POLL_MS));
  const text = `latency ${Date.now()} ${i}`;
  pending = { text, at: performance.now() };
  const r = await fetch(`${base}/api/conversations/${conversation}/messages`, {
    method: 'POST',
    headers: { cookie: guest, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!r.ok) throw new Error(`send failed: ${r.status} ${await r.text()}`);
  while (pending) await new Promise((r) => setTimeout(r, 20));
}
clearInterval(poll);
waits.sort((a, b) => a - b);
const at = (q) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))].toFixed(0);
console.log(`${waits.length} messages: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${waits.at(-1).toFixed(0)} ms`);
