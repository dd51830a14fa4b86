// app.recordActivity(request, action, details): appends one event to the activity log (services/activity.ts)
// with the request's address and browser, and by default the signed-in user as the actor.
import type {FastifyRequest} from 'fastify';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {actorOf, recordActivity, type ActivityActor, type ActivityTarget} from '../services/activity.js';
import {clientOf} from '../services/sessions.js';
import type {ActivityAction} from '@intakekit/contract/activity';

export interface ActivityDetails {
  /** Who acted, when not the signed-in user (a sign-in, a reset through a link). */
  actor?: ActivityActor | null;
  /** The team the event belongs to, when not the actor's team at the time of the request (joining a team). */
  teamId?: string | null;
  target?: ActivityTarget;
  result?: 'success' | 'failure';
  /** The transaction of the change, so the event and the change commit together. */
  db?: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    recordActivity: (request: FastifyRequest, action: ActivityAction, details?: ActivityDetails) => Promise<void>;
  }
}

export const activityPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    app.decorate(
      'recordActivity',
      async (request: FastifyRequest, action: ActivityAction, details: ActivityDetails = {}) => {
        const base = details.actor !== undefined ? details.actor : request.auth ? actorOf(request.auth.user) : null;
        const actor = base && details.teamId !== undefined ? {...base, teamId: details.teamId} : base;
        await recordActivity(details.db ?? app.db, config.now(), {
          action,
          actor,
          ...(details.target && {target: details.target}),
          ...(details.result && {result: details.result}),
          client: clientOf(request),
        });
      },
    );
  },
  {name: 'activity', fastify: '5.x', dependencies: ['db', 'auth']},
);
