// Model-based test of teams and keys (no cross-team access, membership only by consent): random sequences of sign-ups (some through
// an invitation link), invitations with a role, accepting, declining, resending and revoking them,
// leaving, removals, role changes, ownership transfers, readiness changes, the passing of time, key
// creation, rotation, revocation, listing and SDK use by five users (in one team, in rival teams,
// or in none) run against a real app, and after every command the app's answer and state are
// compared with a small in-memory model. Cross-team attempts are not special commands: every
// command may name any user's or team's key, member or invitation, and any invitation link (live,
// used, revoked, superseded or expired), and the model says which of them must be refused and
// change nothing.
//
// Invariants checked after every command: each signed-in user's key list equals the model's (so a
// member who leaves or is removed loses the team's keys at once, nobody joins a team or sees its
// keys without accepting an invitation sent to their own address, and a refused request changed
// nothing); the keys a command rotated or revoked never authenticate at POST /api/sdk/sessions and
// the new ones do. At the end of each sequence: every key of the run, active or not, is tried at the
// SDK endpoint, and every user's team view (members, their role, and pending invitations for
// managers) is compared with the model.
import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import type {FastifyInstance, LightMyRequestResponse} from 'fastify';
import {build, type TestContext} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, login, post} from '../helpers/accounts.js';
import {truncateAll} from '../helpers/database.js';
import {defaultKeyName, maskApiKey} from '@intakekit/contract/api-keys';

/** Sequences per run of the test and commands per sequence: ~40-50 s on PGlite on a shared 2-core machine. */
const FULL_SEQUENCES = 60;
/** MODEL_RUNS: a smaller sample (CI runs 10, on PostgreSQL; MODEL_SEED replays a printed seed). */
const SEQUENCES = Number(process.env.MODEL_RUNS ?? FULL_SEQUENCES);
const MAX_COMMANDS = 50;
const USERS = 5;
const START = Date.parse('2026-01-15T09:00:00.000Z');
const FLOW = 'medication-review';
const CLINIC = 'https://clinic.example';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// The contract's rules (config.ts), the limits lowered (through the environment) so that sequences reach them.
const INVITATION_TTL = 7 * DAY;
const RESEND_INTERVAL = MINUTE;
const TEAM_INVITES_PER_HOUR = 4;
const INVITES_PER_ADDRESS_PER_DAY = 2;
const NO_ID = '00000000-0000-4000-8000-000000000000';
/** A well-formed link token that no invitation ever had. */
const UNKNOWN_TOKEN = 'A'.repeat(43);

type Role = 'owner' | 'admin' | 'member';
type InviteRole = 'admin' | 'member';
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
  name: string;
  /** The key it was rotated into. */
  replacedBy: string | null;
  /** Made by a rotation (keeps its key's name). */
  rotated?: boolean;
}

interface ModelInvite {
  id: string;
  email: string;
  team: string;
  role: InviteRole;
  createdAt: number;
  sentAt: number;
  expiresAt: number;
  /** The token of the newest link mailed for it; none while no email went out (see sendOutcome). */
  token: string | undefined;
}

interface Model {
  users: ModelUser[];
  teams: Map<string, {name: string; productionReady: boolean}>;
  keys: ModelKey[];
  /** Pending, unexpired invitations. */
  invites: ModelInvite[];
  /** Links that no longer work: accepted, declined, revoked, replaced by a resend, or expired. */
  deadTokens: string[];
  /** Invitations that are no longer pending. */
  closed: Array<{id: string; team: string}>;
  /** Every invitation send (invites and resends, whatever became of them): what the limits count. */
  sends: Array<{team: string; email: string; at: number; delivered: boolean}>;
}

interface Real {
  /** Status of the command's own request, for the figures. */
  last?: number;
  app: FastifyInstance;
  ctx: TestContext;
  clock: {now: number};
  counts: Record<string, number>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ownerOf = (u: ModelUser) => (u.team ? `team:${u.team}` : `user:${u.id}`);
const envFor = (type: KeyType) => (type === 'sandbox' ? 'sandbox' : 'pro');
const isManager = (u: ModelUser) => u.role === 'owner' || u.role === 'admin';
const ROLE_ORDER: Record<Role, number> = {owner: 0, admin: 1, member: 2};

function newModel(): Model {
  return {
    users: Array.from({length: USERS}, (_, i) => ({email: `user${i}@example.com`, name: `User ${i}`, verified: false})),
    teams: new Map(),
    keys: [],
    invites: [],
    deadTokens: [],
    closed: [],
    sends: [],
  };
}

function expectRefusal(res: LightMyRequestResponse, status: number, code: string, what: string): void {
  expect({what, status: res.statusCode, code: res.json().error?.code}).toEqual({what, status, code});
}

/** Where the contract does not order two refusals that both apply, either answer is right. */
function expectRefusalOneOf(res: LightMyRequestResponse, status: number, codes: string[], what: string): void {
  const code = res.json().error?.code as string;
  expect({what, status: res.statusCode, code: codes.includes(code) ? codes[0] : code}).toEqual({
    what,
    status,
    code: codes[0],
  });
}

function keyBody(k: ModelKey) {
  return {
    id: k.id,
    keyType: k.keyType,
    name: k.name,
    // Production keys are listed masked: the full value is in the create and rotate answers only.
    apiKey: k.keyType === 'sandbox' ? k.apiKey : maskApiKey(k.apiKey),
    status: k.status,
    createdAt: iso(k.createdAt),
    lastUsedAt: k.lastUsedAt === null ? null : iso(k.lastUsedAt),
    expiresAt: null,
    graceEndsAt: null,
    replacedBy: k.replacedBy,
    allowedOrigins: k.keyType === 'production' ? [CLINIC] : [],
    rateLimitPerMinute: 600,
  };
}

/** The default name of the owner's next key of a type: rotations keep their key's name and are not counted. */
function nextName(m: Model, owner: string, type: KeyType): string {
  const created = m.keys.filter((k) => k.owner === owner && k.keyType === type && !k.rotated).length;
  return defaultKeyName(type, created + 1);
}

function invitationBody(i: ModelInvite) {
  return {
    id: i.id,
    email: i.email,
    name: null,
    role: i.role,
    createdAt: iso(i.createdAt),
    sentAt: iso(i.sentAt),
    expiresAt: iso(i.expiresAt),
  };
}

/** The invitation is no longer pending: its link stops working and its id can no longer be revoked or resent. */
function closeInvite(m: Model, invite: ModelInvite): void {
  m.invites = m.invites.filter((i) => i !== invite);
  if (invite.token) m.deadTokens.push(invite.token);
  m.closed.push({id: invite.id, team: invite.team});
}

/** Valid while now < expiresAt ("to the second"). */
function expireInvites(m: Model, now: number): void {
  for (const invite of m.invites.filter((i) => i.expiresAt <= now)) closeInvite(m, invite);
}

/**
 * The limits count every send in the rolling window, whatever became of its invitation. A team's own sends
 * (its hour, its day to the address) refuse it; the address's day, filled by the emails of other teams, makes
 * the send one that is answered as sent with no email.
 */
function sendOutcome(m: Model, team: string, email: string, now: number): 'refused' | 'emailed' | 'unsent' {
  const byTeam = m.sends.filter((s) => s.team === team && s.at > now - HOUR).length;
  const byTeamToAddress = m.sends.filter((s) => s.team === team && s.email === email && s.at > now - DAY).length;
  if (byTeam >= TEAM_INVITES_PER_HOUR || byTeamToAddress >= INVITES_PER_ADDRESS_PER_DAY) return 'refused';
  const emailed = m.sends.filter((s) => s.email === email && s.delivered && s.at > now - DAY).length;
  return emailed < INVITES_PER_ADDRESS_PER_DAY ? 'emailed' : 'unsent';
}

/** The key list a user must see: their team's keys (or their own), newest first, then by id. */
/** Every active key of the owner and its 20 newest revoked ones, newest first. */
function expectedKeys(m: Model, u: ModelUser) {
  const owner = ownerOf(u);
  const newestFirst = m.keys
    .filter((k) => k.owner === owner)
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const listedRevoked = new Set(newestFirst.filter((k) => k.status !== 'active').slice(0, 20));
  return newestFirst.filter((k) => k.status === 'active' || listedRevoked.has(k)).map(keyBody);
}

/** POST /api/sdk/sessions with a key, as a customer page would; mirrors the model's lastUsedAt. */
async function useKey(r: Real, key: ModelKey, env: string): Promise<LightMyRequestResponse> {
  r.counts.sdkCalls = (r.counts.sdkCalls ?? 0) + 1;
  const res = await r.app.inject({
    method: 'POST',
    url: '/api/sdk/sessions',
    // A customer page: production keys are made with this origin allowed (an empty list allows none).
    headers: {authorization: `Bearer ${key.apiKey}`, origin: CLINIC},
    payload: {flowId: FLOW, env},
  });
  // Only a session started counts as a use.
  if (res.statusCode === 200) key.lastUsedAt = r.clock.now;
  return res;
}

async function expectAuthenticates(r: Real, key: ModelKey, what: string): Promise<void> {
  const res = await useKey(r, key, envFor(key.keyType));
  if (key.status === 'active')
    expect({what, status: res.statusCode, flowId: res.json().flowId}).toEqual({what, status: 200, flowId: FLOW});
  else expectRefusal(res, 401, 'INVALID_API_KEY', `${what}: a ${key.status} key`);
}

async function checkKeyLists(m: Model, r: Real): Promise<void> {
  // Uses are written in batches.
  await r.app.keyUsage.flush();
  for (const [i, u] of m.users.entries()) {
    if (!u.token) continue;
    const res = await authed(r.app, u.token, 'GET', '/api/keys');
    expect({user: i, status: res.statusCode, keys: res.json().keys}).toEqual({
      user: i,
      status: 200,
      keys: expectedKeys(m, u),
    });
  }
}

/** GET /api/team as `u` must answer it: members by role and seniority; pending invitations for managers only. */
function expectedTeam(m: Model, u: ModelUser) {
  const team = u.team!;
  const users = m.users
    .filter((x) => x.team === team)
    .sort((a, b) => ROLE_ORDER[a.role!] - ROLE_ORDER[b.role!] || a.joinedAt! - b.joinedAt! || (a.id! < b.id! ? -1 : 1))
    .map((x) => ({id: x.id, name: x.name, email: x.email, role: x.role, joinedAt: iso(x.joinedAt!)}));
  const invitations = isManager(u)
    ? m.invites
        .filter((i) => i.team === team)
        .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
        .map(invitationBody)
    : [];
  return {team: {id: team, name: m.teams.get(team)!.name}, role: u.role, users, invitations};
}

async function checkTeamViews(m: Model, r: Real): Promise<void> {
  for (const [i, u] of m.users.entries()) {
    if (!u.token) continue;
    const res = await authed(r.app, u.token, 'GET', '/api/team');
    if (!u.team) expectRefusal(res, 404, 'NOT_FOUND', `user ${i} has no team`);
    else
      expect({user: i, status: res.statusCode, body: res.json()}).toEqual({
        user: i,
        status: 200,
        body: expectedTeam(m, u),
      });
  }
}

/** The token of the newest invitation link mailed to the address, read as the person would. */
async function newestLink(r: Real, email: string): Promise<string> {
  const mails = await r.ctx.mail.to(email);
  for (const mail of mails.reverse()) {
    const match = /\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error(`No invitation link was sent to ${email}`);
}

/** A command of the model: what it names is `args` (how a counterexample prints it too). */
abstract class Command<A extends object = object> implements fc.AsyncCommand<Model, Real> {
  constructor(readonly args: A) {}
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model, r: Real): Promise<void>;
  toString(): string {
    return `${this.constructor.name}(${JSON.stringify(this.args)})`;
  }
  async run(m: Model, r: Real): Promise<void> {
    r.clock.now += 1000;
    expireInvites(m, r.clock.now);
    r.counts.commands = (r.counts.commands ?? 0) + 1;
    const name = this.constructor.name;
    r.last = undefined;
    await this.act(m, r);
    expireInvites(m, r.clock.now);
    const label = r.last === undefined ? name : `${name} ${r.last}`;
    r.counts[label] = (r.counts[label] ?? 0) + 1;
    await checkKeyLists(m, r);
  }
}

const signedIn = (m: Readonly<Model>, i: number) => Boolean(m.users[i]!.token);

/**
 * Who acts: a user slot (anyone, so refusals too), or the n-th signed-in owner or admin, owner, or
 * user with a pending invitation.
 */
type ActorRef = {kind: 'user' | 'manager' | 'owner' | 'invitee'; index: number};

function resolveActor(m: Readonly<Model>, ref: ActorRef): ModelUser | undefined {
  if (ref.kind === 'user') return m.users[ref.index]!.token ? m.users[ref.index] : undefined;
  const pool = m.users.filter(
    (u) =>
      u.token &&
      (ref.kind === 'manager'
        ? isManager(u)
        : ref.kind === 'owner'
          ? u.role === 'owner'
          : m.invites.some((i) => i.email === u.email)),
  );
  return pool.length > 0 ? pool[ref.index % pool.length] : undefined;
}

/** A command of one signed-in user: a user slot, or who an `ActorRef` finds; it waits until there is one. */
abstract class ActorCommand<A extends {actor: number | ActorRef}> extends Command<A> {
  check(m: Readonly<Model>) {
    return Boolean(this.actor(m));
  }
  protected actor(m: Readonly<Model>): ModelUser | undefined {
    const {actor} = this.args;
    return resolveActor(m, typeof actor === 'number' ? {kind: 'user', index: actor} : actor);
  }
}

/** The command's own request (its status goes into the figures). */
async function call(
  r: Real,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await authed(r.app, token, method, url, payload);
  r.last = res.statusCode;
  return res;
}

/** Which invitation link a command uses: one sent to the actor, anyone's, one that no longer works, or one never issued. */
type LinkRef = {kind: 'mine' | 'any' | 'dead'; index: number} | {kind: 'unknown'};

function resolveLink(m: Model, ref: LinkRef, actor?: ModelUser): {token: string; invite?: ModelInvite} {
  if (ref.kind === 'dead')
    return {token: m.deadTokens.length > 0 ? m.deadTokens[ref.index % m.deadTokens.length]! : UNKNOWN_TOKEN};
  if (ref.kind === 'unknown') return {token: UNKNOWN_TOKEN};
  // Only an invitation whose link was emailed has a token anyone holds.
  const pool = m.invites.filter((i) => i.token && (ref.kind !== 'mine' || i.email === actor?.email));
  const invite = pool.length > 0 ? pool[ref.index % pool.length] : undefined;
  return invite?.token ? {token: invite.token, invite} : {token: UNKNOWN_TOKEN};
}

/** Which invitation id a manager's command names: a pending one of any team, one no longer pending, or none. */
type InviteIdRef = {kind: 'pending' | 'closed'; index: number} | {kind: 'nobody'};

function resolveInviteId(m: Model, ref: InviteIdRef): {id: string; invite?: ModelInvite} {
  if (ref.kind === 'pending' && m.invites.length > 0) {
    const invite = m.invites[ref.index % m.invites.length]!;
    return {id: invite.id, invite};
  }
  if (ref.kind === 'closed' && m.closed.length > 0) return {id: m.closed[ref.index % m.closed.length]!.id};
  return {id: NO_ID};
}

class Register extends Command<{user: number; withTeam: boolean; verifyNow: boolean; throughInvitation: boolean}> {
  check() {
    return true;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.args.user]!;
    const teamName = `Team ${this.args.user}-${r.clock.now}`;
    // Through a link: the newest sent to this address if there is one, else one that no longer works.
    const newest = m.invites.filter((i) => i.email === u.email && i.token).sort((a, b) => b.sentAt - a.sentAt)[0];
    const link = this.args.throughInvitation ? (newest?.token ?? m.deadTokens.at(-1) ?? UNKNOWN_TOKEN) : undefined;
    const res = await post(r.app, '/api/auth/register', {
      email: u.email,
      password: PASSWORD,
      name: u.name,
      turnstileToken: TURNSTILE,
      ...(this.args.withTeam && {teamName}),
      ...(link && {invitationToken: link}),
    });
    r.last = res.statusCode;
    if (u.id) return expectRefusal(res, 409, 'EMAIL_IN_USE', 'a second sign-up');
    const provesMailbox = Boolean(link && newest && link === newest.token);
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 201,
      body: provesMailbox
        ? {message: 'Account created. You can sign in now.', emailVerified: true}
        : {message: 'Account created. Check your email to verify your address.', emailVerified: false},
    });
    if (provesMailbox)
      r.counts['Register through an invitation'] = (r.counts['Register through an invitation'] ?? 0) + 1;
    const token = (await login(r.app, u.email)).json().token as string;
    const me = (await authed(r.app, token, 'GET', '/api/auth/me')).json().user;
    Object.assign(u, {id: me.id, token, verified: provesMailbox, team: undefined, role: undefined});
    if (this.args.withTeam) {
      m.teams.set(me.team.id, {name: teamName, productionReady: false});
      Object.assign(u, {team: me.team.id, role: 'owner', joinedAt: r.clock.now});
    }
    // Signing up never joins the team that invited the address (an invited address once joined silently at sign-up).
    expect({team: me.team && {id: me.team.id, role: me.team.role}, verified: me.emailVerified}).toEqual({
      team: u.team ? {id: u.team, role: u.role} : null,
      verified: u.verified,
    });
    if (this.args.verifyNow && !u.verified) await verifyByMail(r, u);
  }
}

async function verifyByMail(r: Real, u: ModelUser): Promise<void> {
  const link = await r.ctx.mail.lastToken(u.email, 'verify');
  const res = await r.app.inject({method: 'GET', url: `/api/auth/verify?token=${link}`});
  expect(res.statusCode).toBe(200);
  u.verified = true;
}

class Verify extends Command<{user: number}> {
  check(m: Readonly<Model>) {
    return signedIn(m, this.args.user) && !m.users[this.args.user]!.verified;
  }
  async act(m: Model, r: Real) {
    const u = m.users[this.args.user]!;
    expect((await post(r.app, '/api/auth/resend-verification', {email: u.email})).statusCode).toBe(200);
    await verifyByMail(r, u);
  }
}

class Invite extends ActorCommand<{actor: ActorRef; target: number; role: InviteRole}> {
  async act(m: Model, r: Real) {
    const actor = this.actor(m)!;
    const target = m.users[this.args.target]!;
    const res = await call(r, actor.token!, 'POST', '/api/team/add', {
      email: target.email,
      ...(this.args.role === 'admin' && {role: 'admin'}),
    });
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'invite without a team');
    const refusals = [
      ...(!isManager(actor) || (this.args.role === 'admin' && actor.role !== 'owner') ? ['FORBIDDEN'] : []),
      ...(actor.verified ? [] : ['EMAIL_NOT_VERIFIED']),
    ];
    if (refusals.length > 0)
      return expectRefusalOneOf(res, 403, refusals, `invite as ${this.args.role} by an unverified ${actor.role}`);
    // Only what this team knows: its members (the actor included) and its own pending invitations.
    if (target.team === actor.team) return expectRefusal(res, 409, 'EMAIL_IN_USE', 'invite a member of this team');
    if (m.invites.some((i) => i.team === actor.team && i.email === target.email))
      return expectRefusal(res, 409, 'EMAIL_IN_USE', 'invite an address this team invited');
    const now = r.clock.now;
    const outcome = sendOutcome(m, actor.team, target.email, now);
    if (outcome === 'refused') return expectRefusal(res, 429, 'RATE_LIMIT_EXCEEDED', 'invite over a limit');
    // The same answer whether the address has no account, one without a team, or one in another team.
    const invite: ModelInvite = {
      id: res.json().invitation?.id,
      email: target.email,
      team: actor.team,
      role: this.args.role,
      createdAt: now,
      sentAt: now,
      expiresAt: now + INVITATION_TTL,
      token: outcome === 'emailed' ? await newestLink(r, target.email) : undefined,
    };
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 201,
      body: {invitation: invitationBody(invite)},
    });
    m.invites.push(invite);
    m.sends.push({team: actor.team, email: target.email, at: now, delivered: outcome === 'emailed'});
  }
}

class Accept extends ActorCommand<{actor: ActorRef; link: LinkRef}> {
  async act(m: Model, r: Real) {
    const u = this.actor(m)!;
    const {token, invite} = resolveLink(m, this.args.link, u);
    const res = await call(r, u.token!, 'POST', '/api/invitations/accept', {token});
    if (!invite) return expectRefusal(res, 400, 'INVALID_OR_EXPIRED', 'accept a link that does not work');
    if (invite.email !== u.email)
      return expectRefusal(res, 403, 'INVITATION_WRONG_ACCOUNT', 'accept as another address');
    if (u.team) return expectRefusal(res, 409, 'ALREADY_IN_TEAM', 'accept while in a team');
    // Personal keys (active and revoked) move with the person; the active ones keep working.
    const personal = m.keys.filter((k) => k.owner === `user:${u.id}`);
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 200,
      body: {
        team: {id: invite.team, name: m.teams.get(invite.team)!.name, role: invite.role},
        movedKeys: personal.length,
      },
    });
    for (const key of personal) key.owner = `team:${invite.team}`;
    // The link proves the mailbox.
    Object.assign(u, {team: invite.team, role: invite.role, joinedAt: r.clock.now, verified: true});
    closeInvite(m, invite);
    const moved = personal.find((k) => k.status === 'active');
    if (moved) await expectAuthenticates(r, moved, 'a personal key moved into a team');
  }
}

class Decline extends Command<{link: LinkRef}> {
  check() {
    return true;
  }
  async act(m: Model, r: Real) {
    // No session: the link proves the mailbox.
    const {token, invite} = resolveLink(m, this.args.link);
    const res = await post(r.app, '/api/invitations/decline', {token});
    r.last = res.statusCode;
    if (!invite) return expectRefusal(res, 400, 'INVALID_OR_EXPIRED', 'decline a link that does not work');
    expect({status: res.statusCode, body: res.json()}).toEqual({status: 200, body: {message: 'Invitation declined.'}});
    closeInvite(m, invite);
  }
}

class RevokeInvite extends ActorCommand<{actor: ActorRef; target: InviteIdRef}> {
  async act(m: Model, r: Real) {
    const actor = this.actor(m)!;
    const {id, invite} = resolveInviteId(m, this.args.target);
    const res = await call(r, actor.token!, 'DELETE', `/api/team/invitations/${id}`);
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'revoke without a team');
    if (!isManager(actor)) return expectRefusal(res, 403, 'FORBIDDEN', 'revoke by a member');
    if (!invite || invite.team !== actor.team)
      return expectRefusal(res, 404, 'NOT_FOUND', "revoke another team's or a closed invitation");
    expect(res.statusCode).toBe(204);
    closeInvite(m, invite);
  }
}

class ResendInvite extends ActorCommand<{actor: ActorRef; target: InviteIdRef; afterAMinute: boolean}> {
  async act(m: Model, r: Real) {
    if (this.args.afterAMinute) {
      r.clock.now += RESEND_INTERVAL;
      expireInvites(m, r.clock.now);
    }
    const now = r.clock.now;
    const actor = this.actor(m)!;
    const {id, invite} = resolveInviteId(m, this.args.target);
    const res = await call(r, actor.token!, 'POST', `/api/team/invitations/${id}/resend`);
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'resend without a team');
    if (!isManager(actor)) return expectRefusal(res, 403, 'FORBIDDEN', 'resend by a member');
    if (!invite || invite.team !== actor.team)
      return expectRefusal(res, 404, 'NOT_FOUND', "resend another team's or a closed invitation");
    if (now < invite.sentAt + RESEND_INTERVAL)
      return expectRefusal(res, 429, 'RATE_LIMIT_EXCEEDED', 'resend within a minute');
    const outcome = sendOutcome(m, actor.team, invite.email, now);
    if (outcome === 'refused') return expectRefusal(res, 429, 'RATE_LIMIT_EXCEEDED', 'resend over a limit');
    // A new link and expiry; the old link stops working.
    if (invite.token) m.deadTokens.push(invite.token);
    const token = outcome === 'emailed' ? await newestLink(r, invite.email) : undefined;
    Object.assign(invite, {sentAt: now, expiresAt: now + INVITATION_TTL, token});
    m.sends.push({team: actor.team, email: invite.email, at: now, delivered: outcome === 'emailed'});
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 200,
      body: {invitation: invitationBody(invite)},
    });
  }
}

/** Whom a team command names: a user slot, a member of the actor's team, an invitation id, or an id that is nobody's. */
type MemberRef =
  | {kind: 'user'; index: number}
  | {kind: 'teammate'; index: number}
  | {kind: 'invite'; index: number}
  | {kind: 'nobody'};

function resolveMember(m: Model, actor: ModelUser, ref: MemberRef): {id: string; user?: ModelUser} {
  if (ref.kind === 'invite' && m.invites.length > 0) return {id: m.invites[ref.index % m.invites.length]!.id};
  const teammates = m.users.filter((u) => actor.team && u.team === actor.team);
  const user =
    ref.kind === 'user'
      ? m.users[ref.index]!
      : ref.kind === 'teammate' && teammates.length > 0
        ? teammates[ref.index % teammates.length]
        : undefined;
  return {id: user?.id ?? NO_ID, user};
}

/** A member who left or was removed, at once: no team, none of its keys, none of its members. */
async function lostAccess(m: Model, r: Real, user: ModelUser, team: string) {
  expectRefusal(await authed(r.app, user.token!, 'GET', '/api/team'), 404, 'NOT_FOUND', 'former member sees the team');
  const teamKey = m.keys.find((k) => k.owner === `team:${team}` && k.status === 'active');
  if (teamKey && user.verified) {
    const res = await authed(r.app, user.token!, 'POST', `/api/keys/${teamKey.id}/rotate`);
    expectRefusal(res, 404, 'NOT_FOUND', "former member rotates the team's key");
  }
  const stayed = m.users.find((u) => u.team === team && u !== user);
  if (stayed?.id) {
    const res = await authed(r.app, user.token!, 'DELETE', `/api/team/${stayed.id}`);
    expectRefusal(res, 404, 'NOT_FOUND', 'former member removes a former colleague');
  }
}

class Remove extends ActorCommand<{actor: ActorRef; target: MemberRef}> {
  async act(m: Model, r: Real) {
    const actor = this.actor(m)!;
    const {id, user} = resolveMember(m, actor, this.args.target);
    const res = await call(r, actor.token!, 'DELETE', `/api/team/${id}`);
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'remove without a team');
    if (!isManager(actor)) return expectRefusal(res, 403, 'FORBIDDEN', 'remove by a member');
    if (user === actor) return expectRefusal(res, 403, 'FORBIDDEN', 'remove yourself');
    if (user?.id && user.team === actor.team) {
      if (user.role === 'owner') return expectRefusal(res, 403, 'FORBIDDEN', 'remove the owner');
      if (user.role === 'admin' && actor.role !== 'owner')
        return expectRefusal(res, 403, 'FORBIDDEN', 'an admin removes an admin');
      expect(res.statusCode).toBe(204);
      const team = user.team;
      Object.assign(user, {team: undefined, role: undefined, joinedAt: undefined});
      await lostAccess(m, r, user, team);
      return;
    }
    // Another team's member, someone without a team, an invitation (revoked with its own call), or nobody.
    expectRefusal(res, 404, 'NOT_FOUND', 'remove outside your team');
  }
}

class Leave extends ActorCommand<{actor: number}> {
  async act(m: Model, r: Real) {
    const u = this.actor(m)!;
    const res = await call(r, u.token!, 'POST', '/api/team/leave');
    if (!u.team) return expectRefusal(res, 404, 'NOT_FOUND', 'leave without a team');
    if (u.role === 'owner') return expectRefusal(res, 403, 'OWNER_MUST_TRANSFER', 'the owner leaves');
    expect(res.statusCode).toBe(204);
    const team = u.team;
    Object.assign(u, {team: undefined, role: undefined, joinedAt: undefined});
    await lostAccess(m, r, u, team);
  }
}

class ChangeRole extends ActorCommand<{actor: ActorRef; target: MemberRef; role: InviteRole}> {
  async act(m: Model, r: Real) {
    const actor = this.actor(m)!;
    const {id, user} = resolveMember(m, actor, this.args.target);
    const res = await call(r, actor.token!, 'PATCH', `/api/team/${id}`, {role: this.args.role});
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'change a role without a team');
    if (actor.role !== 'owner') return expectRefusal(res, 403, 'FORBIDDEN', 'change a role as a non-owner');
    if (user === actor) return expectRefusal(res, 403, 'FORBIDDEN', "change the owner's own role");
    if (!user?.id || user.team !== actor.team)
      return expectRefusal(res, 404, 'NOT_FOUND', 'change the role of someone outside your team');
    user.role = this.args.role;
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 200,
      body: {
        user: {id: user.id, name: user.name, email: user.email, role: this.args.role, joinedAt: iso(user.joinedAt!)},
      },
    });
  }
}

class Transfer extends ActorCommand<{actor: ActorRef; target: MemberRef; rightPassword: boolean}> {
  async act(m: Model, r: Real) {
    const actor = this.actor(m)!;
    const {id, user} = resolveMember(m, actor, this.args.target);
    const res = await call(r, actor.token!, 'POST', '/api/team/transfer', {
      userId: id,
      password: this.args.rightPassword ? PASSWORD : 'Wrong-Horse-42',
    });
    if (!actor.team) return expectRefusal(res, 404, 'NOT_FOUND', 'transfer without a team');
    if (actor.role !== 'owner') return expectRefusal(res, 403, 'FORBIDDEN', 'transfer as a non-owner');
    if (!this.args.rightPassword)
      return expectRefusal(res, 400, 'INVALID_CURRENT_PASSWORD', 'transfer with a wrong password');
    if (!user?.id || user === actor || user.team !== actor.team)
      return expectRefusal(res, 404, 'NOT_FOUND', 'transfer to someone outside your team');
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 200,
      body: {team: {id: actor.team, name: m.teams.get(actor.team)!.name, role: 'admin'}},
    });
    user.role = 'owner';
    actor.role = 'admin';
  }
}

class MarkProductionReady extends Command<{user: number}> {
  check(m: Readonly<Model>) {
    return Boolean(m.users[this.args.user]!.team);
  }
  async act(m: Model, r: Real) {
    const team = m.users[this.args.user]!.team!;
    await r.app.db.updateTable('teams').set({production_ready: true}).where('id', '=', team).execute();
    m.teams.get(team)!.productionReady = true;
  }
}

/** Time passes: a minute (resends), an hour (the team limit's window) or a week (every invitation expires). */
class TimePasses extends Command<{ms: number}> {
  check() {
    return true;
  }
  async act(_m: Model, r: Real) {
    r.clock.now += this.args.ms;
  }
}

class CreateKey extends ActorCommand<{actor: number; keyType: KeyType}> {
  async act(m: Model, r: Real) {
    const u = this.actor(m)!;
    const res = await call(
      r,
      u.token!,
      'POST',
      `/api/keys/${this.args.keyType}`,
      this.args.keyType === 'production' ? {allowedOrigins: [CLINIC]} : undefined,
    );
    if (!u.verified) return expectRefusal(res, 403, 'EMAIL_NOT_VERIFIED', 'create unverified');
    if (this.args.keyType === 'production' && !(u.team && m.teams.get(u.team)!.productionReady)) {
      return expectRefusal(res, 403, 'PRODUCTION_NOT_READY', 'production key');
    }
    if (m.keys.filter((k) => k.owner === ownerOf(u) && k.status === 'active').length >= 50) {
      return expectRefusal(res, 409, 'KEY_LIMIT_REACHED', 'the 51st active key');
    }
    expect(res.statusCode).toBe(201);
    const {apiKey, key} = res.json();
    const created: ModelKey = {
      id: key.id,
      apiKey,
      keyType: this.args.keyType,
      owner: ownerOf(u),
      status: 'active',
      createdAt: r.clock.now,
      lastUsedAt: null,
      name: nextName(m, ownerOf(u), this.args.keyType),
      replacedBy: null,
    };
    expect(key).toEqual(keyBody(created));
    m.keys.push(created);
    await expectAuthenticates(r, created, 'a new key');
  }
}

/** Which key a command names: one the actor can see, one of the run's keys (anyone's), or an id that is no key. */
type KeyRef = {kind: 'own'; index: number} | {kind: 'key'; index: number} | {kind: 'unknown'};
/** The keyType the portal sends along: none, the key's own, or the other one. */
type TypeHint = 'none' | 'same' | 'other';

function resolveKey(m: Model, ref: KeyRef, actor?: ModelUser): ModelKey | undefined {
  const keys = ref.kind === 'own' && actor ? m.keys.filter((k) => k.owner === ownerOf(actor)) : m.keys;
  return ref.kind !== 'unknown' && keys.length > 0 ? keys[ref.index % keys.length] : undefined;
}

function hintBody(key: ModelKey | undefined, hint: TypeHint) {
  if (hint === 'none' || !key) return {};
  const other: KeyType = key.keyType === 'sandbox' ? 'production' : 'sandbox';
  return {keyType: hint === 'same' ? key.keyType : other};
}

/**
 * Rotate and revoke: the actor names a key (with the type the portal sends along) and calls its route. An unverified
 * actor is refused; a key that is not theirs, of the other type, or (`refusesRevoked`) revoked is refused with 404 and
 * still authenticates as before. `accepted` checks the answer of a change the model allows.
 */
abstract class KeyChange extends ActorCommand<{actor: number; ref: KeyRef; hint: TypeHint}> {
  abstract readonly verb: 'rotate' | 'revoke';
  abstract readonly method: 'POST' | 'DELETE';
  abstract readonly refusesRevoked: boolean;
  abstract accepted(m: Model, r: Real, key: ModelKey, res: LightMyRequestResponse): Promise<void>;
  async act(m: Model, r: Real) {
    const u = this.actor(m)!;
    const key = resolveKey(m, this.args.ref, u);
    const res = await call(
      r,
      u.token!,
      this.method,
      `/api/keys/${key?.id ?? NO_ID}/${this.verb}`,
      hintBody(key, this.args.hint),
    );
    if (!u.verified) return expectRefusal(res, 403, 'EMAIL_NOT_VERIFIED', `${this.verb} unverified`);
    const revoked = this.refusesRevoked && key?.status !== 'active';
    if (!key || key.owner !== ownerOf(u) || this.args.hint === 'other' || revoked) {
      expectRefusal(res, 404, 'NOT_FOUND', `${this.verb} a key that is not yours, of another type, or revoked`);
      if (key) await expectAuthenticates(r, key, `a key a refused ${this.verb} named`);
      return;
    }
    await this.accepted(m, r, key, res);
  }
}

class Rotate extends KeyChange {
  readonly verb = 'rotate';
  readonly method = 'POST';
  readonly refusesRevoked = true;
  async accepted(m: Model, r: Real, key: ModelKey, res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(200);
    key.status = 'revoked';
    const {apiKey, key: body} = res.json();
    const successor: ModelKey = {
      id: body.id,
      apiKey,
      keyType: key.keyType,
      owner: key.owner,
      status: 'active',
      createdAt: r.clock.now,
      lastUsedAt: null,
      name: key.name,
      replacedBy: null,
      rotated: true,
    };
    key.replacedBy = successor.id;
    expect(body).toEqual(keyBody(successor));
    m.keys.push(successor);
    await expectAuthenticates(r, key, 'a rotated key');
    await expectAuthenticates(r, successor, "a rotated key's successor");
  }
}

class Revoke extends KeyChange {
  readonly verb = 'revoke';
  readonly method = 'DELETE';
  readonly refusesRevoked = false;
  async accepted(_m: Model, r: Real, key: ModelKey, res: LightMyRequestResponse) {
    // Revoking a revoked key answers it unchanged.
    key.status = 'revoked';
    expect({status: res.statusCode, key: res.json().key}).toEqual({status: 200, key: keyBody(key)});
    await expectAuthenticates(r, key, 'a revoked key');
  }
}

class UseKey extends Command<{ref: KeyRef; rightEnv: boolean}> {
  check(m: Readonly<Model>) {
    return m.keys.length > 0;
  }
  async act(m: Model, r: Real) {
    const key = resolveKey(m, this.args.ref) ?? m.keys[0]!;
    const env = this.args.rightEnv ? envFor(key.keyType) : key.keyType === 'sandbox' ? 'pro' : 'test';
    const res = await useKey(r, key, env);
    r.last = res.statusCode;
    if (key.status === 'active' && this.args.rightEnv) expect(res.statusCode).toBe(200);
    else expectRefusal(res, 401, 'INVALID_API_KEY', `sdk with a ${key.status} key in ${env}`);
  }
}

class ShowTeam extends ActorCommand<{actor: number}> {
  async act(m: Model, r: Real) {
    const u = this.actor(m)!;
    const res = await call(r, u.token!, 'GET', '/api/team');
    if (!u.team) return expectRefusal(res, 404, 'NOT_FOUND', 'team view without a team');
    expect({status: res.statusCode, body: res.json()}).toEqual({status: 200, body: expectedTeam(m, u)});
  }
}

const user = fc.nat({max: USERS - 1});
/** A weighted choice for `fc.oneof`: a ref of `kind` with an index from `indices` (up to a number, or a user slot). */
function ref<K extends string>(weight: number, kind: K, indices: number | fc.Arbitrary<number>) {
  const index = typeof indices === 'number' ? fc.nat({max: indices}) : indices;
  return {weight, arbitrary: index.map((i) => ({kind, index: i}))};
}
/** The rare choice of a ref that names nothing. */
const noRef = <K extends string>(kind: K) => ({weight: 1, arbitrary: fc.constant({kind})});
const keyRef: fc.Arbitrary<KeyRef> = fc.oneof(ref(5, 'own', 40), ref(4, 'key', 40), noRef('unknown'));
const memberRef: fc.Arbitrary<MemberRef> = fc.oneof(
  ref(4, 'user', user),
  ref(4, 'teammate', user),
  ref(1, 'invite', 10),
  noRef('nobody'),
);
const linkRef: fc.Arbitrary<LinkRef> = fc.oneof(
  ref(6, 'mine', 10),
  ref(2, 'any', 10),
  ref(2, 'dead', 20),
  noRef('unknown'),
);
const inviteIdRef: fc.Arbitrary<InviteIdRef> = fc.oneof(ref(6, 'pending', 10), ref(2, 'closed', 20), noRef('nobody'));
// Role changes and transfers mostly name someone in the actor's team.
const colleague: fc.Arbitrary<MemberRef> = fc.oneof(ref(3, 'teammate', user), {weight: 1, arbitrary: memberRef});
const hint = fc.constantFrom<TypeHint>('none', 'none', 'same', 'other');
const inviteRole = fc.constantFrom<InviteRole>('member', 'member', 'admin');

// A third of sign-ups create a team, so that most people are free to accept an invitation.
const register = fc
  .tuple(user, fc.nat({max: 2}), fc.nat({max: 3}), fc.boolean())
  .map(
    ([u, team, v, link]) => new Register({user: u, withTeam: team === 0, verifyNow: v > 0, throughInvitation: link}),
  );
const actor: fc.Arbitrary<ActorRef> = fc.oneof(
  user.map((index) => ({kind: 'user' as const, index})),
  user.map((index) => ({kind: 'manager' as const, index})),
);
const owner: fc.Arbitrary<ActorRef> = fc.oneof(
  {weight: 2, arbitrary: user.map((index) => ({kind: 'owner' as const, index}))},
  {weight: 1, arbitrary: actor},
);
const manager = user.map((index): ActorRef => ({kind: 'manager', index}));
const invitee: fc.Arbitrary<ActorRef> = fc.oneof(
  {weight: 3, arbitrary: user.map((index) => ({kind: 'invitee' as const, index}))},
  {weight: 1, arbitrary: user.map((index) => ({kind: 'user' as const, index}))},
);
const invite = fc.tuple(actor, user, inviteRole).map(([a, t, role]) => new Invite({actor: a, target: t, role}));
const acceptInvite = fc.tuple(invitee, linkRef).map(([a, l]) => new Accept({actor: a, link: l}));
// For the opening moves: invitations that can succeed, and their invitees' answers.
const managerInvite = fc
  .tuple(manager, user, inviteRole)
  .map(([a, t, role]) => new Invite({actor: a, target: t, role}));
const acceptMine = user.map((index) => new Accept({actor: {kind: 'invitee', index}, link: {kind: 'mine', index: 0}}));
const commands = [
  register,
  user.map((u) => new Verify({user: u})),
  invite,
  invite,
  acceptInvite,
  acceptInvite,
  linkRef.map((l) => new Decline({link: l})),
  fc.tuple(actor, inviteIdRef).map(([a, i]) => new RevokeInvite({actor: a, target: i})),
  fc
    .tuple(actor, inviteIdRef, fc.boolean())
    .map(([a, i, wait]) => new ResendInvite({actor: a, target: i, afterAMinute: wait})),
  user.map((u) => new Leave({actor: u})),
  fc.tuple(actor, memberRef).map(([a, t]) => new Remove({actor: a, target: t})),
  fc.tuple(actor, memberRef).map(([a, t]) => new Remove({actor: a, target: t})),
  fc.tuple(owner, colleague, inviteRole).map(([a, t, role]) => new ChangeRole({actor: a, target: t, role})),
  fc
    .tuple(owner, colleague, fc.nat({max: 3}))
    .map(([a, t, p]) => new Transfer({actor: a, target: t, rightPassword: p > 0})),
  user.map((u) => new MarkProductionReady({user: u})),
  fc
    .tuple(user, fc.constantFrom<KeyType>('sandbox', 'sandbox', 'production'))
    .map(([a, t]) => new CreateKey({actor: a, keyType: t})),
  fc
    .tuple(user, fc.constantFrom<KeyType>('sandbox', 'production'))
    .map(([a, t]) => new CreateKey({actor: a, keyType: t})),
  fc
    .tuple(user, fc.constantFrom<KeyType>('sandbox', 'production'))
    .map(([a, t]) => new CreateKey({actor: a, keyType: t})),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Rotate({actor: a, ref: k, hint: h})),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Rotate({actor: a, ref: k, hint: h})),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Revoke({actor: a, ref: k, hint: h})),
  fc.tuple(user, keyRef, hint).map(([a, k, h]) => new Revoke({actor: a, ref: k, hint: h})),
  fc.tuple(keyRef, fc.nat({max: 3})).map(([k, e]) => new UseKey({ref: k, rightEnv: e > 0})),
  user.map((u) => new ShowTeam({actor: u})),
  fc.constantFrom(MINUTE, MINUTE, HOUR, 7 * DAY).map((ms) => new TimePasses({ms})),
];

/**
 * One sequence run first on every run, so that the rarer transitions are always reached and
 * checked against the model: a wrong-account accept, a sign-up through an invitation link, a role
 * change, an ownership transfer and the former owner leaving, a resend, both limits' 429s, a
 * decline, a removal, a member's refused invitation, and a rotated then revoked key that no longer authenticates.
 */
const u = (index: number): ActorRef => ({kind: 'user', index});
const firstManager: ActorRef = {kind: 'manager', index: 0};
const everyRareTransition: [Register[], Invite[], Accept[], Command[]] = [
  [
    new Register({user: 0, withTeam: true, verifyNow: true, throughInvitation: false}),
    new Register({user: 1, withTeam: false, verifyNow: true, throughInvitation: false}),
    new Register({user: 2, withTeam: false, verifyNow: true, throughInvitation: false}),
  ],
  [
    new Invite({actor: u(0), target: 1, role: 'member'}),
    new Invite({actor: u(0), target: 2, role: 'admin'}),
    new Invite({actor: u(0), target: 3, role: 'member'}),
  ],
  [
    new Accept({actor: u(1), link: {kind: 'mine', index: 0}}),
    new Accept({actor: u(2), link: {kind: 'mine', index: 0}}),
  ],
  [
    new Accept({actor: u(2), link: {kind: 'any', index: 0}}), // user 3's invitation: 403
    new Register({user: 3, withTeam: false, verifyNow: false, throughInvitation: true}), // through user 3's link: verified, not in the team
    new ChangeRole({actor: {kind: 'owner', index: 0}, target: {kind: 'user', index: 1}, role: 'admin'}),
    new Transfer({actor: {kind: 'owner', index: 0}, target: {kind: 'user', index: 1}, rightPassword: true}),
    new Leave({actor: 0}),
    new Invite({actor: firstManager, target: 4, role: 'member'}), // the team's fourth email this hour
    new ResendInvite({actor: firstManager, target: {kind: 'pending', index: 1}, afterAMinute: true}), // a fifth: 429
    new TimePasses({ms: HOUR}),
    new ResendInvite({actor: firstManager, target: {kind: 'pending', index: 1}, afterAMinute: false}), // the second email to user 4
    new RevokeInvite({actor: firstManager, target: {kind: 'pending', index: 1}}),
    new Invite({actor: firstManager, target: 4, role: 'member'}), // a third email to user 4 in a day: 429
    new Accept({actor: u(3), link: {kind: 'mine', index: 0}}),
    new Invite({actor: u(3), target: 0, role: 'member'}), // a member may not invite: 403
    new CreateKey({actor: 3, keyType: 'sandbox'}),
    new UseKey({ref: {kind: 'key', index: 0}, rightEnv: true}), // 200, and the key is now kept in memory
    new Rotate({actor: 3, ref: {kind: 'own', index: 0}, hint: 'none'}), // so refused at once after the answer
    new Revoke({actor: 3, ref: {kind: 'own', index: 1}, hint: 'none'}), // the successor
    new UseKey({ref: {kind: 'key', index: 1}, rightEnv: true}), // 401
    new Invite({actor: firstManager, target: 0, role: 'member'}), // the former owner, now without a team
    new Decline({link: {kind: 'any', index: 0}}),
    new Remove({actor: firstManager, target: {kind: 'user', index: 2}}), // the new owner removes an admin
    new ShowTeam({actor: 1}),
  ],
];

async function freshWorld(r: Real): Promise<void> {
  await r.app.mailer.flush();
  await truncateAll(r.app.db);
  await fs.rm(path.join(r.ctx.dataDir, 'mail'), {recursive: true, force: true});
  r.clock.now = START;
}

describe('teams and keys against a model (fast-check)', () => {
  it('nobody joins a team or sees its keys without accepting; refuses every cross-team access without change; rotated or revoked keys never authenticate; leaving and removal take effect at once', async () => {
    const clock = {now: START};
    // Sessions outlive the hours and weeks that TimePasses skips: only the team and key rules are under test here.
    const forever = 10 * 365 * DAY;
    const ctx = await build({
      env: {
        LOGIN_REQUIRES_VERIFIED_EMAIL: 'false',
        TEAM_INVITES_PER_HOUR: String(TEAM_INVITES_PER_HOUR),
        INVITES_PER_ADDRESS_PER_DAY: String(INVITES_PER_ADDRESS_PER_DAY),
      },
      config: {
        now: () => new Date(clock.now),
        authRateLimit: 1_000_000,
        sdkRateLimit: 1_000_000,
        sessionIdleMs: forever,
        sessionAbsoluteMs: forever,
        sessionRotateAfterMs: forever,
        // Wrong-password transfers count towards the sign-in lock; locking is tested on its own.
        loginLockAttempts: 1000,
      },
    });
    const counts: Record<string, number> = {};
    const real: Real = {app: ctx.app, ctx, clock, counts};
    let sequences = 0;

    await fc.assert(
      // A few sign-ups, invitations and answers first, so that most commands have someone to act and a team to act in.
      fc.asyncProperty(
        // Three or four of the five sign up at once; the others stay addresses to invite (and may sign up later).
        fc
          .tuple(
            fc.uniqueArray(user, {minLength: 3, maxLength: USERS - 1}),
            fc.infiniteStream(fc.tuple(fc.nat({max: 2}), fc.nat({max: 3}))),
          )
          .map(([users, options]) =>
            users.map((u, i) => {
              const [team, v] = options.next().value as [number, number];
              // The first always has a team, so that there is someone to invite the others; most are verified.
              return new Register({
                user: u,
                withTeam: i === 0 || team === 0,
                verifyNow: i === 0 || v > 0,
                throughInvitation: false,
              });
            }),
          ),
        fc.array(managerInvite, {minLength: 1, maxLength: 4}),
        fc.array(acceptMine, {minLength: 1, maxLength: 3}),
        fc.commands(commands, {maxCommands: MAX_COMMANDS, size: 'max'}),
        async (signUps, invites, accepts, cmds) => {
          sequences += 1;
          await freshWorld(real);
          const model = newModel();
          await fc.asyncModelRun(() => ({model, real}), [...signUps, ...invites, ...accepts, ...cmds]);
          // Every key of the run, whatever happened to it: active ones work, the others never do.
          for (const key of model.keys) await expectAuthenticates(real, key, 'final sweep');
          await checkKeyLists(model, real);
          await checkTeamViews(model, real);
        },
      ),
      {
        numRuns: SEQUENCES,
        examples: [everyRareTransition],
        ...(process.env.MODEL_SEED && {seed: Number(process.env.MODEL_SEED)}),
      },
    );

    console.log(
      `model: ${sequences} sequences, ${counts.commands ?? 0} commands, ${counts.sdkCalls ?? 0} SDK calls`,
      counts,
    );
    // The sequences reached the interesting states, not only refusals of users who never signed up. That takes the
    // full count: a sample checks every answer it gets and leaves reach to the full run (at 15 sequences 'Invite 403'
    // was missed once in CI, 2026-11-27; the fixed example now reaches it, as it reaches the rarest ones).
    if (SEQUENCES < FULL_SEQUENCES) return;
    const reached = [
      'Register 201',
      'Register through an invitation',
      'Invite 201',
      'Invite 403',
      'Invite 409',
      'Invite 429',
      'Accept 200',
      'Accept 400',
      'Accept 403',
      'Accept 409',
      'Decline 200',
      'Decline 400',
      'RevokeInvite 204',
      'RevokeInvite 404',
      'ResendInvite 200',
      'ResendInvite 429',
      'ResendInvite 404',
      'Leave 204',
      'Leave 403',
      'ChangeRole 200',
      'ChangeRole 403',
      'Transfer 200',
      'Transfer 400',
      'Remove 204',
      'Remove 403',
      'Remove 404',
      'CreateKey 201',
      'Rotate 200',
      'Rotate 404',
      'Revoke 200',
      'Revoke 404',
      'UseKey 200',
      'UseKey 401',
    ];
    expect(reached.filter((label) => !counts[label])).toEqual([]);
  }, 300_000);
});
