// The signed-in user of a route guarded by app.requireUser, with their team: read with the
// session in the same statement (services/sessions.ts), so it costs no query of its own.
import type {FastifyRequest} from 'fastify';
import {authOf} from '../plugins/auth.js';
import type {UserWithTeam} from '../repositories/users-repository.js';

export function currentUser(request: FastifyRequest): UserWithTeam {
  return authOf(request).user;
}
