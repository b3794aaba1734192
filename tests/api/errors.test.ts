import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

const freshAddress = () => `10.${randomInt(20, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** Sends a body as-is (the harness always sends valid JSON). */
async function rawPost(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(h.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': freshAddress(), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), json: JSON.parse(text) as { message: string; errors: { field: string; message: string }[] } };
}

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/does-not-exist'],
    ['POST', '/api/does-not-exist'],
    ['GET', '/api/news/1/extra'],
    ['DELETE', '/api/auth/login'],
    ['GET', '/nothing-here'],
  ])("%s %s answers 404 JSON 'Bad URL. Please check the URL.'", async (method, path) => {
    const result = await h.call(method, path);
    expect(result.status).toBe(404);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.json).toEqual({ message: 'Bad URL. Please check the URL.', code: 'errors.badUrl', errors: [] });
  });
});

describe('malformed bodies', () => {
  it.each(['{bad', '{"username": "a@example.com",', 'not json at all', '{"username": "a@example.com"}}'])("answers 400 'Error in form!' (not 500) for the body %j", async (body) => {
    const result = await rawPost('/api/auth/login', body);
    expect(result.status).toBe(400);
    expect(result.contentType).toMatch(/^application\/json/);
    expect(result.json.message).toBe('Error in form!');
  });

  it("answers 400 'Error in form!' for JSON that is not an object", async () => {
    for (const body of ['null', '[]', '"text"', '42']) {
      const result = await rawPost('/api/auth/login', body);
      expect(result.status, body).toBe(400);
      expect(result.json.message, body).toBe('Error in form!');
    }
  });

  it('answers 400, not 500, for a malformed body on a route that needs a session', async () => {
    const user = await h.createUser();
    const { token } = await h.login(user.username, user.password!, freshAddress());
    const result = await rawPost('/api/user/events', '{"type": ', { authorization: `Bearer ${token}` });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('Error in form!');
  });

  it('checks the session before the body: 401 for a malformed body without a session', async () => {
    const result = await rawPost('/api/user/events', '{"type": ');
    expect(result.status).toBe(401);
    expect(result.json.message).toBe('Your session has ended. Please log in again.');
  });
});

describe('accept-language', () => {
  it('answers in Swedish for sv', async () => {
    const unknown = await h.call('GET', '/api/does-not-exist', { lang: 'sv' });
    expect(unknown.json.message).toBe('Felaktig adress. Kontrollera adressen.');

    const user = await h.createUser();
    const wrong = await h.call('POST', '/api/auth/login', { body: { username: user.username, password: 'wrong-password' }, lang: 'sv', address: freshAddress() });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Fel lösenord, försök igen');

    const invalid = await h.call('POST', '/api/auth/login', { body: { username: 'not-an-email', password: 'x' }, lang: 'sv' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toEqual([{ field: 'username', message: 'Fyll i en riktig e-postadress' }]);

    const malformed = await rawPost('/api/auth/login', '{bad', { 'accept-language': 'sv' });
    expect(malformed.json.message).toBe('Fel i formuläret!');

    const noSession = await h.call('GET', '/api/user', { lang: 'sv' });
    expect(noSession.status).toBe(401);
    expect(noSession.json.message).toBe('Din session har gått ut. Logga in igen.');
  });

  it('reads a full header such as sv-SE,sv;q=0.9,en;q=0.8', async () => {
    const result = await h.call('GET', '/api/does-not-exist', { lang: 'sv-SE,sv;q=0.9,en;q=0.8' });
    expect(result.json.message).toBe('Felaktig adress. Kontrollera adressen.');
    const english = await h.call('GET', '/api/does-not-exist', { lang: 'en-GB,en;q=0.9' });
    expect(english.json.message).toBe('Bad URL. Please check the URL.');
  });

  it('falls back to Swedish for a language it does not speak', async () => {
    const result = await h.call('GET', '/api/does-not-exist', { lang: 'de' });
    expect(result.json.message).toBe('Felaktig adress. Kontrollera adressen.');
  });
});
