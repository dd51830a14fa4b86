// Who may add a way into an account. A passkey, two-factor and recovery codes outlast a password, so until the address
// is proved they would belong to whoever registered it, perhaps before its owner did (pre-hijacking): they wait for
// the verification, like API keys and invitations do.
import {ApiError} from '../errors.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {VERIFY_EMAIL_FOR_SIGN_IN_METHODS} from '@intakekit/contract/errors';

export function requireVerifiedToAddSignInMethod(user: Pick<UserWithTeam, 'emailVerified'>): void {
  if (!user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED', {message: VERIFY_EMAIL_FOR_SIGN_IN_METHODS});
}

/** How a route declares that refusal. */
export const UNVERIFIED_SIGN_IN_METHOD = {
  code: 'EMAIL_NOT_VERIFIED',
  message: VERIFY_EMAIL_FOR_SIGN_IN_METHODS,
} as const;
