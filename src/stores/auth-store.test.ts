import {describe, expect, it, vi} from 'vitest';
import {createApiClient, memoryTokenStorage} from '@site/src/lib/api-client';
import {createAuthStore, type User} from './auth-store';

const USER: User = {
  id: 'u1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  emailVerified: true,
  twoFactorEnabled: false,
  team: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

type Reply = {status: number; body?: unknown; headers?: Record<string, string>} | Error;

/** A fake API: each path answers from a queue (or a fixed reply); every call is recorded. */
function fakeApi(routes: Record<string, Reply | Reply[]>, token: string | null = null) {
  const calls: {method: string; path: string; body?: unknown; auth?: string}[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      method,
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      auth: headers.Authorization,
    });
    const route = routes[`${method} ${url.pathname}`];
    const reply = Array.isArray(route) ? route.shift() : route;
    if (!reply) throw new Error(`unexpected call ${method} ${url.pathname}`);
    if (reply instanceof Error) throw reply;
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: reply.headers,
    });
  }) as unknown as typeof globalThis.fetch;
  const storage = memoryTokenStorage(token);
  const client = createApiClient({baseUrl: 'http://api.test', fetch, storage});
  const store = createAuthStore(client);
  return {store, storage, calls, client};
}

const errorReply = (status: number, code: string) => ({status, body: {error: {code, message: code}}});

describe('auth store', () => {
  it('starts in the loading state so server HTML and first paint agree', () => {
    const {store} = fakeApi({});
    expect(store.getState()).toMatchObject({
      token: null,
      user: null,
      loading: true,
      serverError: false,
      authenticated: false,
    });
  });

  it('init with no stored token finishes signed out without a call', async () => {
    const {store, calls} = fakeApi({});
    await store.getState().init();
    expect(store.getState()).toMatchObject({loading: false, authenticated: false, serverError: false});
    expect(calls).toHaveLength(0);
  });

  it('init with a stored token fetches the current user and stores it', async () => {
    const {store, calls} = fakeApi({'GET /api/auth/me': {status: 200, body: {user: USER}}}, 'tok');
    await store.getState().init();
    expect(calls[0]).toMatchObject({method: 'GET', path: '/api/auth/me', auth: 'Bearer tok'});
    expect(store.getState()).toMatchObject({token: 'tok', user: USER, loading: false, authenticated: true});
  });

  it('init runs once', async () => {
    const {store, calls} = fakeApi({'GET /api/auth/me': {status: 200, body: {user: USER}}}, 'tok');
    await Promise.all([store.getState().init(), store.getState().init()]);
    expect(calls).toHaveLength(1);
  });

  it.each([401, 403])('a %i clears the token and the user', async (status) => {
    const {store, storage} = fakeApi({'GET /api/auth/me': errorReply(status, 'UNAUTHORIZED')}, 'tok');
    await store.getState().init();
    expect(store.getState()).toMatchObject({
      token: null,
      user: null,
      loading: false,
      serverError: false,
      authenticated: false,
    });
    expect(storage.get()).toBeNull();
  });

  it('remembers why a session ended (the sign-in page says it) until the next sign-in', async () => {
    const {store} = fakeApi(
      {
        'GET /api/auth/me': errorReply(401, 'SESSION_REVOKED'),
        'POST /api/auth/login': {status: 200, body: {token: 'new', user: USER}},
      },
      'tok',
    );
    await store.getState().init();
    expect(store.getState()).toMatchObject({
      authenticated: false,
      sessionEnded: {code: 'SESSION_REVOKED', message: 'SESSION_REVOKED'},
    });
    await store.getState().login({email: 'jane@example.com', password: 'x'});
    expect(store.getState()).toMatchObject({authenticated: true, sessionEnded: null});
  });

  it('says nothing of a plain 401 (an unknown token)', async () => {
    const {store} = fakeApi({'GET /api/auth/me': errorReply(401, 'UNAUTHORIZED')}, 'tok');
    await store.getState().init();
    expect(store.getState().sessionEnded).toBeNull();
  });

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['a 500', errorReply(500, 'SERVER_ERROR')],
    ['a 503', {status: 503, body: 'down'}],
  ])('%s keeps the token and sets serverError', async (_name, reply) => {
    const {store, storage} = fakeApi({'GET /api/auth/me': reply as Reply}, 'tok');
    await store.getState().init();
    expect(store.getState()).toMatchObject({
      token: 'tok',
      user: null,
      loading: false,
      serverError: true,
      authenticated: false,
    });
    expect(storage.get()).toBe('tok');
  });

  it('retry clears serverError and fetches the user again', async () => {
    const {store, calls} = fakeApi(
      {'GET /api/auth/me': [new TypeError('Failed to fetch'), {status: 200, body: {user: USER}}]},
      'tok',
    );
    await store.getState().init();
    expect(store.getState().serverError).toBe(true);
    const pending = store.getState().retry();
    expect(store.getState()).toMatchObject({serverError: false, loading: true});
    await pending;
    expect(store.getState()).toMatchObject({serverError: false, loading: false, user: USER, authenticated: true});
    expect(calls).toHaveLength(2);
  });

  it('refreshUser refetches the user on demand', async () => {
    const renamed = {...USER, name: 'Jane Smith'};
    const {store} = fakeApi(
      {
        'GET /api/auth/me': [
          {status: 200, body: {user: USER}},
          {status: 200, body: {user: renamed}},
        ],
      },
      'tok',
    );
    await store.getState().init();
    await expect(store.getState().refreshUser()).resolves.toEqual(renamed);
    expect(store.getState().user).toEqual(renamed);
  });

  it('refreshUser keeps the loaded user on a passing failure', async () => {
    const {store} = fakeApi(
      {'GET /api/auth/me': [{status: 200, body: {user: USER}}, new TypeError('Failed to fetch')]},
      'tok',
    );
    await store.getState().init();
    await store.getState().refreshUser();
    expect(store.getState()).toMatchObject({user: USER, authenticated: true, serverError: false});
  });

  it('login sends the normalised email and the bot-check placeholder, then stores the token and the user', async () => {
    const {store, storage, calls} = fakeApi({'POST /api/auth/login': {status: 200, body: {token: 'new', user: USER}}});
    await store.getState().init();
    await store.getState().login({email: '  Jane@Example.COM ', password: 'Secret-pass-1'});
    expect(calls[0]!.body).toEqual({
      email: 'jane@example.com',
      password: 'Secret-pass-1',
      turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
    });
    expect(storage.get()).toBe('new');
    expect(store.getState()).toMatchObject({token: 'new', user: USER, authenticated: true, loading: false});
  });

  it('login loads the user when the answer carries only the token', async () => {
    const {store} = fakeApi({
      'POST /api/auth/login': {status: 200, body: {token: 'new'}},
      'GET /api/auth/me': {status: 200, body: {user: USER}},
    });
    await store.getState().login({email: 'jane@example.com', password: 'x'});
    expect(store.getState()).toMatchObject({token: 'new', user: USER, authenticated: true});
  });

  it('login with two-factor on stores nothing and answers the challenge; the code step signs in', async () => {
    const challenge = {
      twoFactorRequired: true,
      challengeToken: 'ch',
      expiresAt: '2026-01-01T00:05:00.000Z',
      passkey: false,
    };
    const {store, storage, calls} = fakeApi({
      'POST /api/auth/login': {status: 200, body: challenge},
      'POST /api/auth/login/two-factor': {status: 200, body: {token: 'new', user: {...USER, twoFactorEnabled: true}}},
    });
    await store.getState().init();
    expect(await store.getState().login({email: 'jane@example.com', password: 'x'})).toEqual({challenge});
    expect(storage.get()).toBeNull();
    expect(store.getState().authenticated).toBe(false);
    await store.getState().completeTwoFactor({challengeToken: 'ch', code: '123456'});
    expect(calls.at(-1)!.body).toEqual({challengeToken: 'ch', code: '123456'});
    expect(storage.get()).toBe('new');
    expect(store.getState()).toMatchObject({token: 'new', authenticated: true, user: {twoFactorEnabled: true}});
  });

  it('a refused login throws the ApiError and stores nothing', async () => {
    const {store, storage} = fakeApi({'POST /api/auth/login': errorReply(403, 'EMAIL_NOT_VERIFIED')});
    await expect(store.getState().login({email: 'jane@example.com', password: 'x'})).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(storage.get()).toBeNull();
    expect(store.getState().authenticated).toBe(false);
  });

  it('logout calls the API and clears the token and the user', async () => {
    const {store, storage, calls} = fakeApi(
      {'GET /api/auth/me': {status: 200, body: {user: USER}}, 'POST /api/auth/logout': {status: 204}},
      'tok',
    );
    await store.getState().init();
    await store.getState().logout();
    expect(calls.at(-1)).toMatchObject({method: 'POST', path: '/api/auth/logout', auth: 'Bearer tok'});
    expect(store.getState()).toMatchObject({token: null, user: null, authenticated: false});
    expect(storage.get()).toBeNull();
  });

  it('logout forgets the session before the API answers, so leaving the page at once stays signed out', async () => {
    const sent: RequestInit[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/auth/me')) return new Response(JSON.stringify({user: USER}), {status: 200});
      sent.push(init ?? {});
      return new Promise<Response>(() => undefined);
    }) as unknown as typeof globalThis.fetch;
    const storage = memoryTokenStorage('tok');
    const store = createAuthStore(createApiClient({baseUrl: 'http://api.test', fetch, storage}));
    await store.getState().init();
    void store.getState().logout();
    expect(storage.get()).toBeNull();
    expect(store.getState()).toMatchObject({token: null, user: null, authenticated: false});
    // The call still carries the token it ends, and may outlive the page.
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        keepalive: true,
        headers: expect.objectContaining({Authorization: 'Bearer tok'}),
      }),
    ]);
  });

  it('logout clears local state even when the call fails', async () => {
    const {store, storage} = fakeApi(
      {
        'GET /api/auth/me': {status: 200, body: {user: USER}},
        'POST /api/auth/logout': new TypeError('Failed to fetch'),
      },
      'tok',
    );
    await store.getState().init();
    await store.getState().logout();
    expect(store.getState()).toMatchObject({token: null, user: null, authenticated: false});
    expect(storage.get()).toBeNull();
  });

  it('an x-new-token header silently replaces the stored token', async () => {
    const {store, storage} = fakeApi(
      {'GET /api/auth/me': {status: 200, body: {user: USER}, headers: {'x-new-token': 'fresh'}}},
      'old',
    );
    await store.getState().init();
    expect(storage.get()).toBe('fresh');
    expect(store.getState()).toMatchObject({token: 'fresh', authenticated: true});
  });

  it('a 401 on any later call signs the user out', async () => {
    const {store, client} = fakeApi(
      {'GET /api/auth/me': {status: 200, body: {user: USER}}, 'GET /api/keys': errorReply(401, 'UNAUTHORIZED')},
      'tok',
    );
    await store.getState().init();
    await client.get('/api/keys').catch(() => undefined);
    expect(store.getState()).toMatchObject({token: null, user: null, authenticated: false});
  });

  it('setToken stores or removes the token', () => {
    const {store, storage} = fakeApi({});
    store.getState().setToken('abc');
    expect(storage.get()).toBe('abc');
    expect(store.getState().token).toBe('abc');
    store.getState().setToken(null);
    expect(storage.get()).toBeNull();
    expect(store.getState()).toMatchObject({token: null, user: null, authenticated: false});
  });

  describe('prefetchUser (the session check started before hydration)', () => {
    it('asks once, leaves the loading state alone until init, and init uses that answer', async () => {
      const {store, calls} = fakeApi({'GET /api/auth/me': [{status: 200, body: {user: USER}}]}, 'tok');
      store.getState().prefetchUser();
      expect(calls).toHaveLength(1);
      await Promise.resolve();
      expect(store.getState()).toMatchObject({loading: true, initialized: false, user: null});
      await store.getState().init();
      expect(calls).toHaveLength(1);
      expect(store.getState()).toMatchObject({user: USER, authenticated: true, loading: false});
    });

    it('does nothing without a stored token', async () => {
      const {store, calls} = fakeApi({}, null);
      store.getState().prefetchUser();
      await store.getState().init();
      expect(calls).toHaveLength(0);
      expect(store.getState()).toMatchObject({authenticated: false, loading: false});
    });

    it('an early 401 ends signed out; an early network failure keeps the token and offers a retry', async () => {
      const refused = fakeApi({'GET /api/auth/me': [errorReply(401, 'UNAUTHORIZED')]}, 'tok');
      refused.store.getState().prefetchUser();
      await refused.store.getState().init();
      expect(refused.storage.get()).toBeNull();
      expect(refused.store.getState()).toMatchObject({authenticated: false, serverError: false, loading: false});

      const down = fakeApi(
        {'GET /api/auth/me': [new TypeError('Failed to fetch'), {status: 200, body: {user: USER}}]},
        'tok',
      );
      down.store.getState().prefetchUser();
      await down.store.getState().init();
      expect(down.storage.get()).toBe('tok');
      expect(down.store.getState()).toMatchObject({serverError: true, loading: false});
      await down.store.getState().retry();
      expect(down.calls).toHaveLength(2);
      expect(down.store.getState()).toMatchObject({authenticated: true, user: USER});
    });

    it('a token replaced before init (another sign-in) is checked again, not answered with the old one', async () => {
      const other = {...USER, id: 'u2', email: 'other@example.com'};
      const {store, storage, calls} = fakeApi(
        {
          'GET /api/auth/me': [
            {status: 200, body: {user: USER}},
            {status: 200, body: {user: other}},
          ],
        },
        'tok',
      );
      store.getState().prefetchUser();
      storage.set('tok-2');
      await store.getState().init();
      expect(calls.map((c) => c.auth)).toEqual(['Bearer tok', 'Bearer tok-2']);
      expect(store.getState().user).toEqual(other);
    });

    it('a token the server rotated in the early answer still counts as that answer', async () => {
      const {store, storage, calls} = fakeApi(
        {'GET /api/auth/me': [{status: 200, body: {user: USER}, headers: {'x-new-token': 'tok-new'}}]},
        'tok',
      );
      store.getState().prefetchUser();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(storage.get()).toBe('tok-new');
      await store.getState().init();
      expect(calls).toHaveLength(1);
      expect(store.getState()).toMatchObject({user: USER, authenticated: true, token: 'tok-new'});
    });
  });
});
