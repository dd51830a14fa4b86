// The signed-in user of a route guarded by app.requireUser, with their team.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { authOf } from '../plugins/auth.js';
import { findUser, type UserWithTeam } from '../repositories/users-repository.js';

export async function currentUser(app: FastifyInstance, request: FastifyRequest): Promise<UserWithTeam> {
  const user = await findUser(app.db, { id: authOf(request).userId });
  // The account was deleted while the session was in flight.
  if (!user) throw new ApiError('UNAUTHORIZED');
  return user;
}
