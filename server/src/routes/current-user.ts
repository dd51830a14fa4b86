// The signed-in user of a route guarded by app.requireUser, with their team: read with the
// session in the same statement (services/sessions.ts), so it costs no query of its own.
import type {FastifyRequest} from 'fastify';
import type {Db} from '../db/connect.js';
import {authOf} from '../plugins/auth.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {findAccount} from '../services/accounts.js';

export function currentUser(request: FastifyRequest): UserWithTeam {
  return authOf(request).user;
}

/**
 * For a call that confirms the password: the session's account read afresh, with the password hash the session's
 * user does not carry, beside the session family a wrong password counts against.
 */
export async function sessionAccount(db: Db, request: FastifyRequest): Promise<{familyId: string; user: UserWithTeam}> {
  const auth = authOf(request);
  return {familyId: auth.familyId, user: await findAccount(db, auth.userId)};
}
