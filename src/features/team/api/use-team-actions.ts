import {useRevalidatingMutation} from '@site/src/components/swr-mutation';
import {TEAM_PATH} from './use-team';
import {addTeamMember} from './add-team-member';
import {removeTeamMember} from './remove-team-member';

/** Invite and remove, each reloading the team afterwards. */
export function useTeamActions() {
  return {
    invite: useRevalidatingMutation(TEAM_PATH, addTeamMember),
    remove: useRevalidatingMutation(TEAM_PATH, removeTeamMember),
  };
}
