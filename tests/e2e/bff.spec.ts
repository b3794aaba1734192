import { expect, test } from '@playwright/test';
import { HOST } from './helpers';

// The BFF over real HTTP: cross-site writes are refused; the session token never reaches the browser.
test('state-changing requests from another origin, or Origin: null, get 403 and change nothing', async ({ request, baseURL }) => {
  for (const origin of ['http://evil.example', 'null']) {
    const response = await request.post('/api/auth/login', {
      headers: { origin, 'content-type': 'application/json' },
      data: { username: HOST.email, password: HOST.password },
    });
    expect(response.status()).toBe(403);
    expect(response.headers()['set-cookie']).toBeUndefined();
  }
  const same = await request.post('/api/auth/login', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: { username: HOST.email, password: HOST.password },
  });
  expect(same.status()).toBe(200);
  expect(await same.json()).toEqual({ message: 'success' });
  expect(same.headers()['x-session-token']).toBeUndefined();
  const cookie = same.headers()['set-cookie'] ?? '';
  expect(cookie).toMatch(/stuga_session=/);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  const me = await request.get('/api/user');
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe(HOST.email);
});

test('a 401 from the API clears the session cookie', async ({ playwright, baseURL }) => {
  const first = await playwright.request.newContext({ baseURL });
  const signIn = await first.post('/api/auth/login', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: { username: HOST.email, password: HOST.password },
  });
  expect(signIn.status()).toBe(200);
  const sealed = (await first.storageState()).cookies.find((c) => c.name === 'stuga_session')!.value;
  // The same session in a second client, then signed out from the first: the server revoked it.
  await first.get('/api/auth/logout');
  const second = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `stuga_session=${sealed}` } });
  const response = await second.get('/api/user');
  expect(response.status()).toBe(401);
  expect(response.headers()['set-cookie']).toMatch(/stuga_session=;/);
  await first.dispose();
  await second.dispose();
});

test('the session cookie is Secure when the site is served over HTTPS', async ({ request, baseURL }) => {
  const response = await request.post('/api/auth/login', {
    headers: { origin: baseURL!, 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    data: { username: HOST.email, password: HOST.password },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['set-cookie']).toMatch(/;\s*Secure/i);
});

test('the API describes itself at /api/openapi.json', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const doc = await response.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/api/auth/login'].post).toBeTruthy();
});
