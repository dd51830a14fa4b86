// The activity log, kept because a clinic's compliance officer must be able to say who changed what: the actions it records, as the API stores them and the portal names them. No
// imports, so the portal reads it alone.

/** Every action the log records. */
export const ACTIVITY_ACTION_NAMES = [
  'sign-in',
  'sign-in.failed',
  'sign-in.locked',
  'sign-out',
  'password.changed',
  'password.reset',
  'email.verified',
  'two-factor.enabled',
  'two-factor.disabled',
  'two-factor.recovery-code-used',
  'two-factor.recovery-codes-replaced',
  'passkey.added',
  'passkey.removed',
  'account-recovery.started',
  'account-recovery.cancelled',
  'account-recovery.completed',
  'session.revoked',
  'account.deleted',
  'key.created',
  'key.updated',
  'key.rotated',
  'key.revoked',
  'key.expired',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'invitation.declined',
  'member.role-changed',
  'member.removed',
  'member.left',
  'team.created',
  'team.ownership-transferred',
  'team.policy-changed',
  'production-access.requested',
  'production-access.granted',
  'production-access.withdrawn',
  'activity.viewed',
  'activity.exported',
  'submission.viewed',
  'submission.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret-revealed',
  'webhook.secret-rolled',
  'webhook.test-sent',
  'webhook.resent',
  'webhook.recovered',
  'flow.created',
  'flow.published',
  'flow.archived',
  'flow.restored',
  'flow.deleted',
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTION_NAMES)[number];

/** Each action and how the activity page names it. */
export const ACTIVITY_ACTIONS: Record<ActivityAction, string> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-in.locked': 'Sign-in locked',
  'sign-out': 'Signed out',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  'email.verified': 'Email verified',
  'two-factor.enabled': 'Two-factor turned on',
  'two-factor.disabled': 'Two-factor turned off',
  'two-factor.recovery-code-used': 'Recovery code used',
  'two-factor.recovery-codes-replaced': 'New recovery codes made',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'account-recovery.started': 'Account recovery started',
  'account-recovery.cancelled': 'Account recovery cancelled',
  'account-recovery.completed': 'Account recovery completed',
  'session.revoked': 'Session signed out',
  'account.deleted': 'Account deleted',
  'key.created': 'API key created',
  'key.updated': 'API key settings changed',
  'key.rotated': 'API key rotated',
  'key.revoked': 'API key revoked',
  'key.expired': 'API key expired',
  'invitation.sent': 'Invitation sent',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'invitation.declined': 'Invitation declined',
  'member.role-changed': 'Member role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'team.created': 'Team created',
  'team.ownership-transferred': 'Ownership transferred',
  'team.policy-changed': 'Team two-factor policy changed',
  'production-access.requested': 'Production access requested',
  'production-access.granted': 'Production access granted',
  'production-access.withdrawn': 'Production access withdrawn',
  'activity.viewed': 'Activity log viewed',
  'activity.exported': 'Activity log exported',
  'submission.viewed': 'Production answers viewed',
  'submission.deleted': 'Submission deleted',
  'webhook.created': 'Webhook endpoint added',
  'webhook.updated': 'Webhook endpoint changed',
  'webhook.deleted': 'Webhook endpoint deleted',
  'webhook.secret-revealed': 'Webhook signing secret shown',
  'webhook.secret-rolled': 'Webhook signing secret rolled',
  'webhook.test-sent': 'Webhook test event sent',
  'webhook.resent': 'Webhook event resent',
  'webhook.recovered': 'Failed webhook events resent',
  'flow.created': 'Flow created',
  'flow.published': 'Flow version published',
  'flow.archived': 'Flow archived',
  'flow.restored': 'Flow restored',
  'flow.deleted': 'Flow deleted',
};

/** Events a page of the log shows; the export takes at most ACTIVITY_EXPORT_MAX. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_EXPORT_MAX = 10_000;

/**
 * A CSV cell that a spreadsheet shows as text: quoted, quotes doubled, and a leading =, +, -, @, tab or carriage
 * return defused with an apostrophe (OWASP's CSV injection advice), so a name like "=HYPERLINK(...)" is no formula.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}
