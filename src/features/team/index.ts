/** What pages compose from the team feature into other screens (Settings' 'Team' section). */
export {default as LeaveTeamDialog} from './components/leave-team-dialog';
export {useLeaveTeam} from './api/use-leave-team';
