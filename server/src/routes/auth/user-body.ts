// The contract's user object. Built field by field so nothing else (a password hash) can leak.
import type {UserWithTeam} from '../../repositories/users-repository.js';
import type {UserBody} from '@intakekit/contract/schemas/common';

export function toUserBody(user: UserWithTeam): UserBody {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    team: user.team,
    createdAt: user.createdAt.toISOString(),
  };
}
