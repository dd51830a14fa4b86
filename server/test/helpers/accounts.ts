// Shortcuts through the real routes: sign up, verify from the email, sign in.
import type {FastifyInstance, LightMyRequestResponse} from 'fastify';
import type {Mailbox} from './mailbox.js';

export const PASSWORD = 'Correct-Horse-42';
export const TURNSTILE = 'XXXX.DUMMY.TOKEN.XXXX';

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    ...(token && {headers: {authorization: `Bearer ${token}`}}),
  });
}

export function authed(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: {authorization: `Bearer ${token}`},
    ...(payload !== undefined && {payload: payload as Record<string, unknown>}),
  });
}

export async function register(
  app: FastifyInstance,
  email: string,
  extra: {name?: string; teamName?: string; password?: string} = {},
): Promise<void> {
  const res = await post(app, '/api/auth/register', {
    email,
    password: extra.password ?? PASSWORD,
    turnstileToken: TURNSTILE,
    ...(extra.name !== undefined && {name: extra.name}),
    ...(extra.teamName !== undefined && {teamName: extra.teamName}),
  });
  if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`);
}

export async function verify(app: FastifyInstance, mail: Mailbox, email: string): Promise<void> {
  const token = await mail.lastToken(email, 'verify');
  const res = await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`});
  if (res.statusCode !== 200) throw new Error(`verify ${email}: ${res.statusCode} ${res.body}`);
}

export function login(app: FastifyInstance, email: string, password = PASSWORD) {
  return post(app, '/api/auth/login', {email, password, turnstileToken: TURNSTILE});
}

/** Registers, verifies and signs in; returns the session token. */
export async function signedIn(
  app: FastifyInstance,
  mail: Mailbox,
  email: string,
  extra: {name?: string; teamName?: string} = {},
): Promise<string> {
  await register(app, email, extra);
  await verify(app, mail, email);
  const res = await login(app, email);
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}
