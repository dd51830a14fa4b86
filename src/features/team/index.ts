/** What other features use from the team feature (Settings' 'Team' section). */
export {default as LeaveTeamDialog} from './components/leave-team-dialog';
export {useLeaveTeam} from './api/use-leave-team';
