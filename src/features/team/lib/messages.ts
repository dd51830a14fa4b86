/** The Team page's texts: confirmations, the no-team title and each action's failure fallback. */
import {ERROR_MESSAGES, errorCode, serverMessage} from '@site/src/lib/errors';

export const CONFIRM_REMOVE = 'Remove this team member?';
export const INVITE_FALLBACK = 'Failed to add member';
export const NO_TEAM_TITLE = 'No Team Organization';

/** Each action's words when it fails and the server gave no reason. */
export const FAILED = {
  remove: 'Failed to remove member',
  resend: 'Failed to resend the invitation',
  revoke: 'Failed to revoke the invitation',
  role: 'Failed to change the role',
  transfer: 'Failed to transfer ownership',
  leave: 'Failed to leave the team',
  create: 'Failed to create the team',
} as const;

/**
 * The text for a refused or failed team action: the server's own message (it says what was refused, e.g.
 * 'You do not have permission to do this.'), the network message when the API was unreachable, else the
 * action's fallback. Never only logged: a refusal seen only in the console looks like a dead button.
 */
export function actionFailure(error: unknown, fallback: string): string {
  if (errorCode(error) === 'NETWORK_ERROR') return ERROR_MESSAGES.NETWORK_ERROR;
  return serverMessage(error) ?? fallback;
}

/** The transfer dialog's failure: the server's reason (a wrong password is said to be the current one). */
export function transferFailure(error: unknown): string {
  return actionFailure(error, FAILED.transfer);
}
