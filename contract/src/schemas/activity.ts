// Request and response shapes of /api/activity, the audit record of security events.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {ACTIVITY_ACTION_NAMES, ACTIVITY_PAGE_SIZE} from '../activity.js';
import {Timestamp, Uuid, literalUnion} from './common.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const ActivityEventBody = Type.Object({
  /** Events are numbered in the order they were recorded. */
  id: Type.String({
    pattern: '^[0-9]+$',
    description: 'Digits only: events are numbered in the order they were recorded.',
  }),
  at: Timestamp,
  /** Who acted: null for the system. The email is the one the account had then. */
  actor: Type.Union([Type.Object({id: Nullable(Uuid), email: Nullable(Type.String())}), Type.Null()]),
  action: literalUnion(ACTIVITY_ACTION_NAMES),
  /** What it acted on: a key, a member, an invitation, a session... */
  target: Type.Union([
    Type.Object({type: Type.String(), id: Nullable(Type.String()), label: Nullable(Type.String())}),
    Type.Null(),
  ]),
  ipAddress: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  result: literalUnion(['success', 'failure'] as const),
});

/** Filters of the log and its export; days are UTC, both ends included. */
export const ActivityQuery = Type.Object({
  action: Type.Optional(literalUnion(ACTIVITY_ACTION_NAMES)),
  actorId: Type.Optional(Uuid),
  from: Type.Optional(Type.String({format: 'date'})),
  to: Type.Optional(Type.String({format: 'date'})),
  /** The page after the one that answered this nextCursor. */
  before: Type.Optional(
    Type.String({pattern: '^[0-9]{1,18}$', description: "The previous page's nextCursor: 1 to 18 digits."}),
  ),
});

export const ActivityListResponse = Type.Object({
  /** 'team': the team's events (owners and admins); 'own': the caller's own. */
  scope: literalUnion(['team', 'own'] as const),
  events: Type.Array(ActivityEventBody, {maxItems: ACTIVITY_PAGE_SIZE}),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export type ActivityEventBody = Static<typeof ActivityEventBody>;
export type ActivityQuery = Static<typeof ActivityQuery>;
export type ActivityListResponse = Static<typeof ActivityListResponse>;
