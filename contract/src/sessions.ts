// Why a session ended, so a person signed out is told the cause rather than left guessing: the API answers a request whose session ended with one of these codes (all
// 401), and the portal's sign-in page shows the message of that answer (errors.ts). No imports, so the portal
// reads it alone.

/** A stored reason (ended_sessions.reason, or read off a session row) and the code the API answers for it. */
export const SESSION_END_CODES = {
  idle: 'SESSION_IDLE',
  expired: 'SESSION_EXPIRED',
  'signed-out': 'SESSION_SIGNED_OUT',
  revoked: 'SESSION_REVOKED',
  'password-changed': 'SESSION_PASSWORD_CHANGED',
  locked: 'SESSION_LOCKED',
  'account-recovery': 'SESSION_ACCOUNT_RECOVERY',
} as const;

export type SessionEndReason = keyof typeof SESSION_END_CODES;
export type SessionEndCode = (typeof SESSION_END_CODES)[SessionEndReason];

const CODES = new Set<string>(Object.values(SESSION_END_CODES));

export function isSessionEndCode(code: string | undefined): code is SessionEndCode {
  return code !== undefined && CODES.has(code);
}
