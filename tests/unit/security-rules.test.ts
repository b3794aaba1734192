import { describe, expect, it } from 'vitest';
import { addressBucket, addressFrom, parseProxyHops } from '@/lib/rules/client-address';
import { isSafeText, jsonProblem } from '@/lib/rules/text';
import { contentSecurityPolicy, securityHeaders } from '@/lib/security-headers';
import { safeString } from '@/lib/schemas/common';
import * as z from 'zod/mini';

describe('safe text', () => {
  it.each([
    ['plain', true],
    ['åäö 🏡 עברית', true],
    ['', true],
    ['a\u0000b', false],
    ['\ud800', false],
    ['x\udc00', false],
    ['\udc00\ud800', false],
    ['\ud83c\udfe1', true],
  ])('%j → %s', (value, safe) => {
    expect(isSafeText(value)).toBe(safe);
    expect(z.safeParse(safeString(), value).success).toBe(safe);
  });

  it('names the first problem of a JSON value, iteratively', () => {
    const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(jsonProblem({ a: [1, 'b', { c: null }] }, 64)).toBeNull();
    expect(jsonProblem(nested(64), 64)).toBeNull();
    expect(jsonProblem(nested(65), 64)).toBe('tooDeep');
    expect(jsonProblem(nested(100_000), 64)).toBe('tooDeep');
    expect(jsonProblem({ 'k\u0000': 1 }, 64)).toBe('invalidText');
    expect(jsonProblem([[['\ud800']]], 64)).toBe('invalidText');
  });
});

describe('client address', () => {
  it('is the socket peer unless proxies are trusted', () => {
    expect(addressFrom('203.0.113.9', '1.2.3.4', 0)).toBe('203.0.113.9');
    expect(addressFrom('10.0.0.2', '1.2.3.4, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(addressFrom('10.0.0.2', 'spoofed, 198.51.100.7, 10.0.0.1', 2)).toBe('198.51.100.7');
    expect(addressFrom('10.0.0.2', null, 1)).toBe('10.0.0.2');
  });
  it('counts an IPv6 client by its /64 network, an IPv4 client by its address', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:DB8:0001:0002:ffff::9%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('unknown')).toBe('unknown');
    expect(addressBucket('1:2:3')).toBe('1:2:3');
  });
  it('reads TRUST_PROXY_HOPS as a small whole number', () => {
    expect(parseProxyHops(undefined)).toBe(0);
    expect(parseProxyHops('2')).toBe(2);
    expect(parseProxyHops('-1')).toBe(0);
    expect(parseProxyHops('1.5')).toBe(0);
    expect(parseProxyHops('x')).toBe(0);
  });
});

describe('security headers', () => {
  const base = { nonce: 'abc123', maps: false, uploadOrigin: null, https: false, development: false };
  it('allows scripts only with the nonce, and no framing', () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('googleapis');
  });
  it('names the map and upload origins only when configured', () => {
    const csp = contentSecurityPolicy({ ...base, maps: true, uploadOrigin: 'https://s3.example.com' });
    expect(csp).toMatch(/script-src[^;]*https:\/\/maps\.googleapis\.com/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/s3\.example\.com/);
  });
  it("lets the browser reach Sentry's ingest only with a DSN", () => {
    expect(contentSecurityPolicy(base)).not.toContain('sentry');
    expect(contentSecurityPolicy({ ...base, errorReportOrigin: 'https://o1.ingest.sentry.io' })).toMatch(/connect-src 'self'[^;]* https:\/\/o1\.ingest\.sentry\.io/);
  });
  it('adds HSTS only over https', () => {
    expect(securityHeaders(base)['strict-transport-security']).toBeUndefined();
    const secure = securityHeaders({ ...base, https: true });
    expect(secure['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(secure['x-content-type-options']).toBe('nosniff');
    expect(secure['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(secure['cross-origin-opener-policy']).toBe('same-origin');
    expect(secure['permissions-policy']).toContain('camera=()');
  });
});
