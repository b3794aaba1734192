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
