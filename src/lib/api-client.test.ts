import {describe, expect, it, vi} from 'vitest';
import {ApiError, createApiClient, memoryTokenStorage, type AuthEvent} from './api-client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function setup(handler: Handler, token: string | null = null) {
  const calls: {url: string; init: RequestInit}[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({url, init: init ?? {}});
    return handler(url, init ?? {});
  }) as unknown as typeof globalThis.fetch;
  const storage = memoryTokenStorage(token);
  const client = createApiClient({baseUrl: 'http://api.test/', fetch, storage});
  const events: AuthEvent[] = [];
  client.subscribe((event) => events.push(event));
  return {client, calls, storage, events};
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json', ...headers}});

describe('api client', () => {
  it('joins the base, sends JSON and the bearer token', async () => {
    const {client, calls} = setup(() => json(200, {ok: true}), 'tok-1');
    await expect(client.post('/api/auth/profile', {name: 'Jane'})).resolves.toEqual({ok: true});
    expect(calls[0]!.url).toBe('http://api.test/api/auth/profile');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"name":"Jane"}');
  });

  it('tells the caller the status of an answer, a refusal included', async () => {
    const statuses: number[] = [];
    const {client} = setup((url) =>
      url.endsWith('/created') ? json(201, {id: 1}) : json(404, {error: {code: 'NOT_FOUND', message: 'Not found.'}}),
    );
    await client.post('/created', {}, {onStatus: (status) => statuses.push(status)});
    await expect(client.get('/missing', {onStatus: (status) => statuses.push(status)})).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(statuses).toEqual([201, 404]);
  });

  it('sends no Authorization header without a token, and no body when none is given', async () => {
    const {client, calls} = setup(() => json(200, {}));
    await client.post('/api/keys/sandbox');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('replaces the stored token from x-new-token, also on errors', async () => {
    const {client, storage, events} = setup(() => json(200, {}, {'x-new-token': 'tok-2'}), 'tok-1');
    await client.get('/api/auth/me');
    expect(storage.get()).toBe('tok-2');
    expect(events).toEqual([{type: 'token', token: 'tok-2'}]);

    const failing = setup(
      () => json(400, {error: {code: 'INVALID_NAME', message: 'bad'}}, {'x-new-token': 'tok-3'}),
      'tok-1',
    );
    await expect(failing.client.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(failing.storage.get()).toBe('tok-3');
  });

  it('throws a typed ApiError with status, code, message and body', async () => {
    const body = {error: {code: 'EMAIL_IN_USE', message: 'Email in use'}};
    const {client} = setup(() => json(409, body));
    const error = (await client.post('/api/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({status: 409, code: 'EMAIL_IN_USE', message: 'Email in use', body});
  });

  it('names a code for bodies without one', async () => {
    const {client} = setup(() => new Response('<html>bad gateway</html>', {status: 502}));
    await expect(client.get('/x')).rejects.toMatchObject({
      status: 502,
      code: 'SERVER_ERROR',
      body: '<html>bad gateway</html>',
    });
  });

  it('maps a failed fetch to NETWORK_ERROR', async () => {
    const {client} = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Failed to fetch',
    });
  });

  it("reads a refusal's Retry-After in seconds", async () => {
    const {client} = setup(() => json(423, {error: {code: 'LOCKED', message: 'locked'}}, {'retry-after': '840'}));
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({code: 'LOCKED', retryAfterSeconds: 840});
    const {client: plain} = setup(() => json(400, {error: {code: 'MISSING_FIELDS', message: 'no'}}));
    await expect(plain.post('/api/auth/login', {})).rejects.toMatchObject({retryAfterSeconds: undefined});
  });

  it('removes the stored token on any 401 and notifies the subscribers', async () => {
    const {client, storage, events} = setup(() => json(401, {error: {code: 'UNAUTHORIZED', message: 'no'}}), 'tok-1');
    await expect(client.get('/api/keys')).rejects.toMatchObject({status: 401});
    expect(storage.get()).toBeNull();
    expect(events).toEqual([{type: 'unauthorized', code: 'UNAUTHORIZED', message: 'no'}]);
  });

  it('keeps the token on 403 and other errors', async () => {
    const {client, storage, events} = setup(() => json(403, {error: {code: 'FORBIDDEN', message: 'no'}}), 'tok-1');
    await expect(client.get('/api/team')).rejects.toMatchObject({status: 403});
    expect(storage.get()).toBe('tok-1');
    expect(events).toEqual([]);
  });

  it('answers undefined for 204', async () => {
    const {client} = setup(() => new Response(null, {status: 204}));
    await expect(client.post('/api/auth/logout')).resolves.toBeUndefined();
  });

  it('unsubscribes', async () => {
    const {client} = setup(() => json(401, {}), 't');
    const listener = vi.fn();
    const off = client.subscribe(listener);
    off();
    await client.get('/x').catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
  });
});
