// A team of one's own: a user in no team starts one and owns it. Their personal keys become the team's, as when
// they accept an invitation, so a page using one keeps working; their submissions, retention settings and flows
// follow.
import {ApiError} from '../errors.js';
import {movePersonalKeysToTeam} from '../repositories/api-keys-repository.js';
import {movePersonalFlowsToTeam} from '../repositories/flows-repository.js';
import {movePersonalSubmissionsToTeam} from '../repositories/submissions-repository.js';
import {addMemberUnlessInTeam, insertTeam} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {assertAcceptableNames} from './names.js';
import {showTeam, type TeamContext} from './team.js';

/** Creates the team with the caller as owner; ALREADY_IN_TEAM when they belong to one (also one joined meanwhile). */
export async function createTeam(context: TeamContext, user: UserWithTeam, name: string) {
  const teamName = name.trim();
  if (!teamName) throw new ApiError('MISSING_FIELDS');
  assertAcceptableNames(teamName);
  if (user.team) throw new ApiError('ALREADY_IN_TEAM');
  const now = context.config.now();
  const teamId = await context.db.transaction().execute(async (trx) => {
    const team = await insertTeam(trx, teamName, now);
    // One membership per user (a unique index): a join that won the race leaves this team unmade.
    if (!(await addMemberUnlessInTeam(trx, team, user.id, 'owner', now))) throw new ApiError('ALREADY_IN_TEAM');
    await movePersonalKeysToTeam(trx, user.id, team);
    await movePersonalKeysToTeam(trx, user.id, team, 'server_keys');
    await movePersonalSubmissionsToTeam(trx, user.id, team, 'keep');
    await movePersonalFlowsToTeam(trx, user.id, team);
    return team;
  });
  return showTeam(context, {...user, team: {id: teamId, name: teamName, role: 'owner', requireTwoFactor: false}});
}
