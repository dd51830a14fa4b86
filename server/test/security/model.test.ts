// Model-based test of teams and keys (issue 8): random sequences of sign-ups, invitations, removals,
// role and readiness changes, key creation, rotation, revocation, listing and SDK use by five users
// (in one team, in rival teams, or in none) run against a real app, and after every command the
// app's answer and state are compared with a small in-memory model. Cross-team attempts are not
// special commands: every command may name any user's or team's key or member, and the model says
// which of them must answer 404 (or 403) and change nothing.
//
// Invariants checked after every command: each signed-in user's key list equals the model's (so a
// removed member loses the team's keys at once, and a refused request changed nothing); the keys a
// command rotated or revoked never authenticate at POST /api/sdk/sessions and the new ones do. At the
// end of each sequence: every key of the run, active or not, is tried at the SDK endpoint, and every
// user's team view is compared with the model.
import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, type TestContext } from '../helpers/app.js';
import { PASSWORD, TURNSTILE, authed, login, post } from '../helpers/accounts.js';
import { truncateAll } from '../helpers/database.js';

/** Sequences per run of the test and commands per sequence: ~30-45 s on PGlite on a shared 2-core machine. */
const SEQUENCES = Number(process.env.MODEL_RUNS ?? 60);
const MAX_COMMANDS = 50;
const USERS = 5;
const START = Date.parse('2026-01-15T09:00:00.000Z');
const FLOW = 'sample-intake';

type Role = 'owner' | 'admin' | 'member';
type KeyType = 'sandbox' | 'production';

interface ModelUser {
  email: string;
  name: string;
  id?: string;
  token?: string;
  verified: boolean;
  team?: string;
  role?: Role;
  /** When the membership began (the team list's order within a role). */
  joinedAt?: number;
}

interface ModelKey {
  id: string;
  apiKey: string;
  keyType: KeyType;
  /** `team:<id>` or `user:<id>`: who lists and manages it. */
  owner: string;
  status: 'active' | 'revoked';
  createdAt: number;
  lastUsedAt: number | null;
}

interface ModelInvite {
  id: string;
  email: string;
  team: string;
  createdAt: number;
}

interface Model {
  users: ModelUser[];
  teams: Map<string, { name: string; productionReady: boolean }>;
  keys: ModelKey[];
  invites: ModelInvite[];
}

interface Real {
  /** Status of the command's own request, for the figures. */
  last?: number;
  app: FastifyInstance;
  ctx: TestContext;
  clock: { now: number };
  counts: Record<string, number>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ownerOf = (u: ModelUser) => (u.team ? `team:${u.team}` : `user:${u.id}`);
const envFor = (type: KeyType) => (type === 'sandbox' ? 'sandbox' : 'pro');
const ROLE_ORDER: Record<Role, number> = { owner: 0, admin: 1, member: 2 };

function newModel(): Model {
  return {
    users: Array.from({ length: USERS }, (_, i) => ({ email: `user${i}@example.com`, name: `User ${i}`, verified: false })),
    teams: new Map(),
    keys: [],
    invites: [],
  };
}

function expectRefusal(res: LightMyRequestResponse, status: number, code: string, what: string): void {
  expect({ what, status: res.statusCode, code: res.json().error?.code }).toEqual({ what, status, code });
}

function keyBody(k: ModelKey) {
  return {
    id: k.id,
    keyType: k.keyType,
    apiKey: k.apiKey,
    status: k.status,
    createdAt: iso(k.createdAt),
    lastUsedAt: k.lastUsedAt === null ? null : iso(k.lastUsedAt),
  };
}

/** The key list a user must see: their team's keys (or their own), newest first, then by id. */
function expectedKeys(m: Model, u: ModelUser) {
  const owner = ownerOf(u);
  return m.keys
    .filter((k) => k.owner === owner)
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(keyBody);
}

/** POST /api/sdk/sessions with a key, as a customer page would; mirrors the model's lastUsedAt. */
async function useKey(r: Real, key: ModelKey, env: string): Promise<LightMyRequestResponse> {
  r.counts.sdkCalls = (r.counts.sdkCalls ?? 0) + 1;
  const res = await r.app.inject({
    method: 'POST',
    url: '/api/sdk/sessions',
    headers: { authorization: `Bearer ${key.apiKey}` },
    payload: { flowId: FLOW, env },
  });
  // The key is checked (and its use recorded) before the environment is.
  if (key.status === 'active') key.lastUsedAt = r.clock.now;
  return res;
}

async function expectAuthenticates(r: Real, key: ModelKey, what: string): Promise<void> {
  const res = await useKey(r, key, envFor(key.keyType));
  if (key.status === 'active') expect({ what, status: res.statusCode, flowId: res.json().flowId }).toEqual({ what, status: 200, flowId: FLOW });
  else expectRefusal(res, 401, 'INVALID_API_KEY', `${what}: a ${key.status} key`);
}

async function checkKeyLists(m: Model, r: Real): Promise<void> {
  for (const [i, u] of m.users.entries()) {
    if (!u.token) continue;
    const res = await authed(r.app, u.token, 'GET', '/api/keys');
    expect({ user: i, status: res.statusCode, keys: res.json().keys }).toEqual({ user: i, status: 200, keys: expectedKeys(m, u) });
  }
}

function expectedTeam(m: Model, team: string) {
  const members = m.users
    .filter((u) => u.team === team)
    .sort((a, b) => ROLE_ORDER[a.role!] - ROLE_ORDER[b.role!] || a.joinedAt! - b.joinedAt! || (a.id! < b.id! ? -1 : 1))
    .map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role }));
  const invited = m.invites
    .filter((i) => i.team === team)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
    .map((i) => ({ id: i.id, name: null, email: i.email, role: 'invited' }));
  return { team: { id: team, name: m.teams.get(team)!.name }, users: [...members, ...invited] };
}

async function checkTeamViews(m: Model, r: Real): Promise<void> {
  for (const [i, u] of m.users.entries()) {
    if (!u.token) continue;
    const res = await authed(r.app, u.token, 'GET', '/api/team');
    if (!u.team) expectRefusal(res, 404, 'NOT_FOUND', `user ${i} has no team`);
    else expect({ user: i, status: res.statusCode, body: res.json() }).toEqual({ user: i, status: 200, body: expectedTeam(m, u.team) });
  }
}

abstract class Command implements fc.AsyncCommand<Model, Real> {
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
  async run(m: Model, r: Real): Promise<void> {
    r.clock.now += 1000;
    r.counts.commands = (r.counts.commands ?? 0) + 1;
    const name = this.constructor.name;
    r.last = undefined;
    await this.act(m, r);
    const label = r.last === undefined ? name : `${name} ${r.last}`;
    r.counts[label] = (r.counts[label] ?? 0) + 1;
    await checkKeyLists(m, r);
  }
}

const signedIn = (m: Readonly<Model>, i: number) => Boolean(m.users[i]!.token);

/** Who acts: a user slot (anyone, so refusals too), or the n-th signed-in owner or admin of any team. */
type ActorRef = { kind: 'user'; index: number } | { kind: 'manager'; index: number };

function resolveActor(m: Readonly<Model>, ref: ActorRef): ModelUser | undefined {
  if (ref.kind === 'user') return m.users[ref.index]!.token ? m.users[ref.index] : undefined;
  const managers = m.users.filter((u) => u.token && (u.role === 'owner' || u.role === 'admin'));
  return managers.length > 0 ? managers[ref.index % managers.length] : undefined;
}

/** The command's own request (its status goes into the figures). */
async function call(r: Real, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await authed(r.app, token, method, url, payload);
  r.last = res.statusCode;
  return res;
}

class Register extends Command {
  constructor(readonly user: number, readonly withTeam: boolean, readonly verifyNow: boolean) {
    super();
  }
  check() {
    return true;
  }
  override toString() {
    return `register(${this.user}${this.withTeam ? ', team' : ''}${this.verifyNow ? ', verified' : ''})`;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.user]!;
    const teamName = `Team ${this.user}-${r.clock.now}`;
    const res = await post(r.app, '/api/auth/register', {
      email: u.email,
      password: PASSWORD,
      name: u.name,
      turnstileToken: TURNSTILE,
      ...(this.withTeam && { teamName }),
    });
    r.last = res.statusCode;
    if (u.id) return expectRefusal(res, 409, 'EMAIL_IN_USE', 'a second sign-up');
    expect(res.statusCode).toBe(201);
    const invite = m.invites.find((i) => i.email === u.email);
    m.invites = m.invites.filter((i) => i.email !== u.email);
    const token = (await login(r.app, u.email)).json().token as string;
    const me = (await authed(r.app, token, 'GET', '/api/auth/me')).json().user;
    Object.assign(u, { id: me.id, token, verified: false, team: undefined, role: undefined });
    if (this.withTeam) {
      m.teams.set(me.team.id, { name: teamName, productionReady: false });
      Object.assign(u, { team: me.team.id, role: 'owner', joinedAt: r.clock.now });
    } else if (invite) {
      Object.assign(u, { team: invite.team, role: 'member', joinedAt: r.clock.now });
    }
    expect(me.team && { id: me.team.id, role: me.team.role }).toEqual(u.team ? { id: u.team, role: u.role } : null);
    if (this.verifyNow) await verifyByMail(r, u);
  }
}

async function verifyByMail(r: Real, u: ModelUser): Promise<void> {
  const link = await r.ctx.mail.lastToken(u.email, 'verify');
  const res = await r.app.inject({ method: 'GET', url: `/api/auth/verify?token=${link}` });
  expect(res.statusCode).toBe(200);
  u.verified = true;
}

class Verify extends Command {
  constructor(readonly user: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return signedIn(m, this.user) && !m.users[this.user]!.verified;
  }
  override toString() {
    return `verify(${this.user})`;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.user]!;
    expect((await post(r.app, '/api/auth/resend-verification', { email: u.email })).statusCode).toBe(200);
    await verifyByMail(r, u);
  }
}

class Invite extends Command {
  constructor(readonly actor: ActorRef, readonly target: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return Boolean(resolveActor(m, this.actor));
  }
  override toString() {
    return `invite(${JSON.stringify(this.actor)} -> ${this.target})`;
  }
  async act(m: Model, r: Real) {
    const actor = resolveActor(m, this.actor)!;
    const target = m.users[this.target]!;
    const res = await call(r, actor.token!, 'POST', '/api/team/add', { email: target.email });
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'invite without a team');
    if (actor.role === 'member') return expectRefusal(res, 403, 'FORBIDDEN', 'invite by a member');
    if (target.id) {
      // Already in this team (the actor included) or in another: one team per user.
      if (target.team) return expectRefusal(res, 409, 'EMAIL_IN_USE', 'invite someone in a team');
      expect({ status: res.statusCode, user: res.json().user }).toEqual({
        status: 201,
        user: { id: target.id, name: target.name, email: target.email, role: 'member' },
      });
      Object.assign(target, { team: actor.team, role: 'member', joinedAt: r.clock.now });
      return;
    }
    if (m.invites.some((i) => i.email === target.email)) return expectRefusal(res, 409, 'EMAIL_IN_USE', 'invite an invited address');
    expect({ status: res.statusCode, role: res.json().user?.role }).toEqual({ status: 201, role: 'invited' });
    m.invites.push({ id: res.json().user.id, email: target.email, team: actor.team, createdAt: r.clock.now });
  }
}

/** Whom a removal names: a user slot, an invitation of any team, or an id that is nobody's. */
type MemberRef =
  | { kind: 'user'; index: number }
  | { kind: 'teammate'; index: number }
  | { kind: 'invite'; index: number }
  | { kind: 'nobody' };

class Remove extends Command {
  constructor(readonly actor: ActorRef, readonly target: MemberRef) {
    super();
  }
  check(m: Readonly<Model>) {
    return Boolean(resolveActor(m, this.actor));
  }
  override toString() {
    return `remove(${JSON.stringify(this.actor)} -> ${JSON.stringify(this.target)})`;
  }
  async act(m: Model, r: Real) {
    const actor = resolveActor(m, this.actor)!;
    const invite = this.target.kind === 'invite' && m.invites.length > 0 ? m.invites[this.target.index % m.invites.length] : undefined;
    const teammates = m.users.filter((u) => actor.team && u.team === actor.team);
    const user =
      this.target.kind === 'user'
        ? m.users[this.target.index]!
        : this.target.kind === 'teammate' && teammates.length > 0
          ? teammates[this.target.index % teammates.length]
          : undefined;
    const id = invite?.id ?? user?.id ?? '00000000-0000-4000-8000-000000000000';
    const res = await call(r, actor.token!, 'DELETE', `/api/team/${id}`);
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'remove without a team');
    if (actor.role === 'member') return expectRefusal(res, 403, 'FORBIDDEN', 'remove by a member');
    if (user === actor) return expectRefusal(res, 403, 'FORBIDDEN', 'remove yourself');
    if (user?.id && user.team === actor.team) {
      if (user.role === 'owner') return expectRefusal(res, 403, 'FORBIDDEN', 'remove the owner');
      if (user.role === 'admin' && actor.role !== 'owner') return expectRefusal(res, 403, 'FORBIDDEN', 'an admin removes an admin');
      expect(res.statusCode).toBe(204);
      const team = user.team;
      Object.assign(user, { team: undefined, role: undefined, joinedAt: undefined });
      await this.lostAccess(m, r, user, team);
      return;
    }
    if (invite && invite.team === actor.team) {
      expect(res.statusCode).toBe(204);
      m.invites = m.invites.filter((i) => i !== invite);
      return;
    }
    // Another team's member or invitation, someone without a team, or nobody at all.
    expectRefusal(res, 404, 'NOT_FOUND', 'remove outside your team');
  }

  /** The removed member's own session, at once: no team, none of its keys, none of its members. */
  private async lostAccess(m: Model, r: Real, user: ModelUser, team: string) {
    expectRefusal(await authed(r.app, user.token!, 'GET', '/api/team'), 404, 'NOT_FOUND', 'removed member sees the team');
    const teamKey = m.keys.find((k) => k.owner === `team:${team}` && k.status === 'active');
    if (teamKey && user.verified) {
      const res = await authed(r.app, user.token!, 'POST', `/api/keys/${teamKey.id}/rotate`);
      expectRefusal(res, 404, 'NOT_FOUND', "removed member rotates the team's key");
    }
    const stayed = m.users.find((u) => u.team === team && u !== user);
    if (stayed?.id) {
      const res = await authed(r.app, user.token!, 'DELETE', `/api/team/${stayed.id}`);
      expectRefusal(res, 404, 'NOT_FOUND', 'removed member removes a former colleague');
    }
  }
}

class MakeAdmin extends Command {
  constructor(readonly user: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.users[this.user]!.role === 'member';
  }
  override toString() {
    return `operator makes ${this.user} admin`;
  }
  async act(m: Model, r: Real) {
    // No route changes roles: the operator does it in the database.
    const u = m.users[this.user]!;
    await r.app.db.updateTable('team_members').set({ role: 'admin' }).where('user_id', '=', u.id!).execute();
    u.role = 'admin';
  }
}

class MarkProductionReady extends Command {
  constructor(readonly user: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return Boolean(m.users[this.user]!.team);
  }
  override toString() {
    return `operator marks ${this.user}'s team production ready`;
  }
  async act(m: Model, r: Real) {
    const team = m.users[this.user]!.team!;
    await r.app.db.updateTable('teams').set({ production_ready: true }).where('id', '=', team).execute();
    m.teams.get(team)!.productionReady = true;
  }
}

class CreateKey extends Command {
  constructor(readonly actor: number, readonly keyType: KeyType) {
    super();
  }
  check(m: Readonly<Model>) {
    return signedIn(m, this.actor);
  }
  override toString() {
    return `create(${this.actor}, ${this.keyType})`;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.actor]!;
    const res = await call(r, u.token!, 'POST', `/api/keys/${this.keyType}`);
    if (!u.verified) return expectRefusal(res, 403, 'EMAIL_NOT_VERIFIED', 'create unverified');
    if (this.keyType === 'production' && !(u.team && m.teams.get(u.team)!.productionReady)) {
      return expectRefusal(res, 403, 'PRODUCTION_NOT_READY', 'production key');
    }
    expect(res.statusCode).toBe(201);
    const { apiKey, key } = res.json();
    const created: ModelKey = { id: key.id, apiKey, keyType: this.keyType, owner: ownerOf(u), status: 'active', createdAt: r.clock.now, lastUsedAt: null };
    expect(key).toEqual(keyBody(created));
    m.keys.push(created);
    await expectAuthenticates(r, created, 'a new key');
  }
}

/** Which key a command names: one the actor can see, one of the run's keys (anyone's), or an id that is no key. */
type KeyRef = { kind: 'own'; index: number } | { kind: 'key'; index: number } | { kind: 'unknown' };
/** The keyType the portal sends along: none, the key's own, or the other one. */
type TypeHint = 'none' | 'same' | 'other';

function resolveKey(m: Model, ref: KeyRef, actor?: ModelUser): ModelKey | undefined {
  const keys = ref.kind === 'own' && actor ? m.keys.filter((k) => k.owner === ownerOf(actor)) : m.keys;
  return ref.kind !== 'unknown' && keys.length > 0 ? keys[ref.index % keys.length] : undefined;
}

function hintBody(key: ModelKey | undefined, hint: TypeHint) {
  if (hint === 'none' || !key) return {};
  const other: KeyType = key.keyType === 'sandbox' ? 'production' : 'sandbox';
  return { keyType: hint === 'same' ? key.keyType : other };
}

class Rotate extends Command {
  constructor(readonly actor: number, readonly ref: KeyRef, readonly hint: TypeHint) {
    super();
  }
  check(m: Readonly<Model>) {
    return signedIn(m, this.actor);
  }
  override toString() {
    return `rotate(${this.actor}, ${JSON.stringify(this.ref)}, type ${this.hint})`;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.actor]!;
    const key = resolveKey(m, this.ref, u);
    const id = key?.id ?? '00000000-0000-4000-8000-000000000000';
    const res = await call(r, u.token!, 'POST', `/api/keys/${id}/rotate`, hintBody(key, this.hint));
    if (!u.verified) return expectRefusal(res, 403, 'EMAIL_NOT_VERIFIED', 'rotate unverified');
    if (!key || key.owner !== ownerOf(u) || this.hint === 'other' || key.status !== 'active') {
      expectRefusal(res, 404, 'NOT_FOUND', 'rotate a key that is not yours, of another type, or revoked');
      if (key) await expectAuthenticates(r, key, 'a key a refused rotation named');
      return;
    }
    expect(res.statusCode).toBe(200);
    key.status = 'revoked';
    const { apiKey, key: body } = res.json();
    const successor: ModelKey = { id: body.id, apiKey, keyType: key.keyType, owner: key.owner, status: 'active', createdAt: r.clock.now, lastUsedAt: null };
    expect(body).toEqual(keyBody(successor));
    m.keys.push(successor);
    await expectAuthenticates(r, key, 'a rotated key');
    await expectAuthenticates(r, successor, "a rotated key's successor");
  }
}

class Revoke extends Command {
  constructor(readonly actor: number, readonly ref: KeyRef, readonly hint: TypeHint) {
    super();
  }
  check(m: Readonly<Model>) {
    return signedIn(m, this.actor);
  }
  override toString() {
    return `revoke(${this.actor}, ${JSON.stringify(this.ref)}, type ${this.hint})`;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.actor]!;
    const key = resolveKey(m, this.ref, u);
    const id = key?.id ?? '00000000-0000-4000-8000-000000000000';
    const res = await call(r, u.token!, 'DELETE', `/api/keys/${id}/revoke`, hintBody(key, this.hint));
    if (!u.verified) return expectRefusal(res, 403, 'EMAIL_NOT_VERIFIED', 'revoke unverified');
    if (!key || key.owner !== ownerOf(u) || this.hint === 'other') {
      expectRefusal(res, 404, 'NOT_FOUND', 'revoke a key that is not yours or of another type');
      if (key) await expectAuthenticates(r, key, 'a key a refused revocation named');
      return;
    }
    // Revoking a revoked key answers it unchanged.
    key.status = 'revoked';
    expect({ status: res.statusCode, key: res.json().key }).toEqual({ status: 200, key: keyBody(key) });
    await expectAuthenticates(r, key, 'a revoked key');
  }
}

class UseKey extends Command {
  constructor(readonly ref: KeyRef, readonly rightEnv: boolean) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.keys.length > 0;
  }
  override toString() {
    return `sdk(${JSON.stringify(this.ref)}, ${this.rightEnv ? 'its env' : 'the other env'})`;
  }
  async act(m: Model, r: Real) {
    const key = resolveKey(m, this.ref) ?? m.keys[0]!;
    const env = this.rightEnv ? envFor(key.keyType) : key.keyType === 'sandbox' ? 'pro' : 'test';
    const res = await useKey(r, key, env);
    r.last = res.statusCode;
    if (key.status === 'active' && this.rightEnv) expect(res.statusCode).toBe(200);
    else expectRefusal(res, 401, 'INVALID_API_KEY', `sdk with a ${key.status} key in ${env}`);
  }
}

class ShowTeam extends Command {
  constructor(readonly actor: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return signedIn(m, this.actor);
  }
  override toString() {
    return `team(${this.actor})`;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.actor]!;
    const res = await call(r, u.token!, 'GET', '/api/team');
    if (!u.team) return expectRefusal(res, 404, 'NOT_FOUND', 'team view without a team');
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: expectedTeam(m, u.team) });
  }
}

const user = fc.nat({ max: USERS - 1 });
const keyRef: fc.Arbitrary<KeyRef> = fc.oneof(
  { weight: 5, arbitrary: fc.nat({ max: 40 }).map((index) => ({ kind: 'own' as const, index })) },
  { weight: 4, arbitrary: fc.nat({ max: 40 }).map((index) => ({ kind: 'key' as const, index })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unknown' as const }) },
);
const memberRef: fc.Arbitrary<MemberRef> = fc.oneof(
  { weight: 4, arbitrary: user.map((index) => ({ kind: 'user' as const, index })) },
  { weight: 4, arbitrary: user.map((index) => ({ kind: 'teammate' as const, index })) },
  { weight: 3, arbitrary: fc.nat({ max: 10 }).map((index) => ({ kind: 'invite' as const, index })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'nobody' as const }) },
);
const hint = fc.constantFrom<TypeHint>('none', 'none', 'same', 'other');

const register = fc.tuple(user, fc.boolean(), fc.nat({ max: 3 })).map(([u, team, v]) => new Register(u, team, v > 0));
const actor: fc.Arbitrary<ActorRef> = fc.oneof(
  user.map((index) => ({ kind: 'user' as const, index })),
  user.map((index) => ({ kind: 'manager' as const, index })),
);
const invite = fc.tuple(actor, user).map(([a, t]) => new Invite(a, t));
const commands = [
  register,
  user.map((u) => new Verify(u)),
  invite,
  invite,
  fc.tuple(actor, memberRef).map(([a, t]) => new Remove(a, t)),
  fc.tuple(actor, memberRef).map(([a, t]) => new Remove(a, t)),
  user.map((u) => new MakeAdmin(u)),
  user.map((u) => new MarkProductionReady(u)),
  fc.tuple(user, fc.constantFrom<KeyType>('sandbox', 'sandbox', 'production')).map(([a, t]) => new CreateKey(a, t)),
  fc.tuple(user, fc.constantFrom<KeyType>('sandbox', 'production')).map(([a, t]) => new CreateKey(a, t)),
  fc.tuple(user, fc.constantFrom<KeyType>('sandbox', 'production')).map(([a, t]) => new CreateKey(a, t)),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Rotate(a, k, h)),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Rotate(a, k, h)),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Revoke(a, k, h)),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Revoke(a, k, h)),
  fc.tuple(keyRef, fc.nat({ max: 3 })).map(([k, e]) => new UseKey(k, e > 0)),
  user.map((u) => new ShowTeam(u)),
];

async function freshWorld(r: Real): Promise<void> {
  await r.app.mailer.flush();
  await truncateAll(r.app.db);
  await fs.rm(path.join(r.ctx.dataDir, 'mail'), { recursive: true, force: true });
  r.clock.now = START;
}

describe('teams and keys against a model (fast-check)', () => {
  it('refuses every cross-team access without change; rotated or revoked keys never authenticate; removal takes effect at once', async () => {
    const clock = { now: START };
    const ctx = await build({
      env: { LOGIN_REQUIRES_VERIFIED_EMAIL: 'false' },
      config: { now: () => new Date(clock.now), authRateLimit: 1_000_000, sdkRateLimit: 1_000_000 },
    });
    const counts: Record<string, number> = {};
    const real: Real = { app: ctx.app, ctx, clock, counts };
    let sequences = 0;

    await fc.assert(
      // A few sign-ups and invitations first, so that most commands have someone to act and a team to act in.
      fc.asyncProperty(
        // Three or four of the five sign up at once; the others stay addresses to invite (and may sign up later).
        fc
          .tuple(fc.uniqueArray(user, { minLength: 3, maxLength: USERS - 1 }), fc.infiniteStream(fc.tuple(fc.boolean(), fc.nat({ max: 3 }))))
          .map(([users, options]) => users.map((u) => {
            const [team, v] = options.next().value as [boolean, number];
            return new Register(u, team, v > 0);
          })),
        fc.array(invite, { maxLength: 3 }),
        fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }),
        async (signUps, invites, cmds) => {
        sequences += 1;
        await freshWorld(real);
        const model = newModel();
        await fc.asyncModelRun(() => ({ model, real }), [...signUps, ...invites, ...cmds]);
        // Every key of the run, whatever happened to it: active ones work, the others never do.
        for (const key of model.keys) await expectAuthenticates(real, key, 'final sweep');
        await checkKeyLists(model, real);
        await checkTeamViews(model, real);
        },
      ),
      { numRuns: SEQUENCES, ...(process.env.MODEL_SEED && { seed: Number(process.env.MODEL_SEED) }) },
    );

    console.log(`model: ${sequences} sequences, ${counts.commands ?? 0} commands, ${counts.sdkCalls ?? 0} SDK calls`, counts);
    // The sequences reached the interesting states, not only refusals of users who never signed up.
    const reached = ['Register 201', 'Invite 201', 'Invite 409', 'Remove 204', 'Remove 403', 'Remove 404', 'CreateKey 201', 'Rotate 200', 'Rotate 404', 'Revoke 200', 'Revoke 404', 'UseKey 200', 'UseKey 401'];
    expect(reached.filter((label) => !counts[label])).toEqual([]);
  }, 300_000);
});
