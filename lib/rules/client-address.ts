/**
 * Who is asking: the socket's peer, unless `hops` reverse proxies are trusted; then the `hops`-th
 * address from the right of X-Forwarded-For (each trusted proxy appends the address it saw), never
 * the left end, which the client chooses.
 */
export function addressFrom(socketAddress: string, forwardedFor: string | null, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress.slice(0, 64);
  const chain = forwardedFor
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return (chain[chain.length - hops] ?? chain[0] ?? socketAddress).slice(0, 64);
}

/** `TRUST_PROXY_HOPS` as a number of hops: 0 unless it is a small whole number. */
export function parseProxyHops(raw: string | undefined): number {
  const n = Number(raw ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/**
 * The part of an address that names one client for rate limits: an IPv4 address as it is, an IPv6
 * address by its /64 network (anyone holding one /64 has 2^64 addresses to rotate through).
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0]!.toLowerCase();
  const halves = bare.split('::');
  if (halves.length > 2) return address;
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return address;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
