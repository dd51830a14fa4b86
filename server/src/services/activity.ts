// The activity log, the audit controls a clinic's compliance review asks for: one append-only event per security-relevant action, who did it on what, from which
// address and browser, and whether it succeeded. Owners and admins read their team's events, everyone their own;
// reading and exporting are themselves recorded.
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {
  insertActivity,
  listActivity,
  type ActivityEventRow,
  type ActivityFilter,
} from '../repositories/activity-repository.js';
import {findUser, type UserWithTeam} from '../repositories/users-repository.js';
import type {SessionClient} from './sessions.js';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_EXPORT_MAX,
  ACTIVITY_PAGE_SIZE,
  csvCell,
  type ActivityAction,
} from '@intakekit/contract/activity';
import type {ActivityEventBody, ActivityListResponse, ActivityQuery} from '@intakekit/contract/schemas/activity';
import {DAY_MS} from '../lib/durations.js';

export interface ActivityActor {
  id: string | null;
  email: string | null;
  teamId: string | null;
}

export interface ActivityTarget {
  type:
    'key' | 'member' | 'invitation' | 'session' | 'team' | 'account' | 'passkey' | 'submission' | 'webhook' | 'flow';
  id?: string | null;
  label?: string | null;
}

export interface ActivityEvent {
  action: ActivityAction;
  actor: ActivityActor | null;
  /** The team whose log holds it, when not the actor's (an event of the system's, like a key's expiry). */
  teamId?: string | null;
  target?: ActivityTarget;
  result?: 'success' | 'failure';
  client: SessionClient;
}

export function actorOf(user: Pick<UserWithTeam, 'id' | 'email' | 'team'>): ActivityActor {
  return {id: user.id, email: user.email, teamId: user.team?.id ?? null};
}

export async function recordActivity(db: Db, now: Date, event: ActivityEvent): Promise<void> {
  await insertActivity(db, {
    at: now,
    team_id: event.teamId !== undefined ? event.teamId : (event.actor?.teamId ?? null),
    actor_id: event.actor?.id ?? null,
    actor_email: event.actor?.email ?? null,
    action: event.action,
    target_type: event.target?.type ?? null,
    target_id: event.target?.id ?? null,
    target_label: event.target?.label ?? null,
    ip_address: event.client.ipAddress,
    user_agent: event.client.userAgent,
    result: event.result ?? 'success',
  });
}

/**
 * A refused sign-in (wrong password, or the address locked) of an existing account goes into its log; an unknown
 * address's is not kept (it belongs to no one who could read it, and it may be a stranger's address).
 */
export async function recordRefusedSignIn(
  db: Db,
  now: Date,
  refusal: {email: string; error: unknown; known: UserWithTeam | undefined; client: SessionClient},
): Promise<void> {
  const {error} = refusal;
  if (!(error instanceof ApiError) || (error.code !== 'LOCKED' && error.code !== 'INVALID_CREDENTIALS')) return;
  const account = refusal.known ?? (await findUser(db, {email: refusal.email}));
  if (!account) return;
  await recordActivity(db, now, {
    action: error.code === 'LOCKED' ? 'sign-in.locked' : 'sign-in.failed',
    actor: actorOf(account),
    result: 'failure',
    client: refusal.client,
  });
}

/** What the reader may see and which filters apply; days are UTC, `to` included. */
function filterFor(user: UserWithTeam, query: ActivityQuery): ActivityFilter {
  const manager = user.team && (user.team.role === 'owner' || user.team.role === 'admin');
  const from = query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined;
  const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS) : undefined;
  if (from && to && from >= to) throw new ApiError('INVALID_ACTIVITY_FILTER');
  return {
    visible: manager ? {teamId: user.team!.id, actorId: user.id} : {actorId: user.id},
    ...(query.action && {action: query.action}),
    ...(query.actorId && {actorId: query.actorId}),
    ...(from && {from}),
    ...(to && {to}),
    ...(query.before && {beforeId: query.before}),
  };
}

function toBody(row: ActivityEventRow): ActivityEventBody {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actor_id || row.actor_email ? {id: row.actor_id, email: row.actor_email} : null,
    action: row.action as ActivityAction,
    target: row.target_type ? {type: row.target_type, id: row.target_id, label: row.target_label} : null,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    result: row.result,
  };
}

/** A page of the log, newest first, and the cursor of the next. */
export async function readActivity(db: Db, user: UserWithTeam, query: ActivityQuery): Promise<ActivityListResponse> {
  const filter = filterFor(user, query);
  const rows = await listActivity(db, filter, ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  return {
    scope: 'teamId' in filter.visible ? 'team' : 'own',
    events: page.map(toBody),
    nextCursor: rows.length > ACTIVITY_PAGE_SIZE ? String(page.at(-1)!.id) : null,
  };
}

// 'Action' as the page names it, for people; 'Action code' as the API stores it, for scripts (labels may be reworded).
export const ACTIVITY_CSV_COLUMNS = [
  'Time (UTC)',
  'Person',
  'Action',
  'Action code',
  'Target',
  'IP address',
  'User agent',
  'Result',
];

/** The filtered log as CSV (every cell quoted and formula-safe), newest first, at most ACTIVITY_EXPORT_MAX rows. */
export async function exportActivity(db: Db, user: UserWithTeam, query: ActivityQuery): Promise<string> {
  const rows = await listActivity(db, filterFor(user, {...query, before: undefined}), ACTIVITY_EXPORT_MAX);
  const lines = [ACTIVITY_CSV_COLUMNS.map(csvCell).join(',')];
  for (const row of rows) {
    const target = row.target_label ?? row.target_id ?? '';
    lines.push(
      [
        row.at.toISOString(),
        row.actor_email,
        ACTIVITY_ACTIONS[row.action as ActivityAction] ?? row.action,
        row.action,
        target,
        row.ip_address,
        row.user_agent,
        row.result,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
