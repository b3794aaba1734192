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

test('a 401 from the API clears the session cookie', async ({ request }) => {
  const response = await request.get('/api/user', { headers: { cookie: 'stuga_session=not-a-sealed-value' } });
  expect(response.status()).toBe(401);
});

test('the API describes itself at /api/openapi.json', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const doc = await response.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/api/auth/login'].post).toBeTruthy();
});
