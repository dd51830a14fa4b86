/** Where a successful sign-up leads: check your email, or sign in when an invitation link proved the address. */

export type AfterSignUp =
  /** The usual case: check your email. */
  | {kind: 'verify-email'; href: string}
  /** An invitation proved the address: sign in with the same credentials, then back to the invitation. */
  | {kind: 'sign-in'; href: string};

/**
 * `invitationPath` is the invitation page this sign-up came from (null for a plain sign-up); `emailVerified` is the
 * register answer's flag. Only both together skip the verify-email-sent page: a sign-up through an invitation with
 * another address, or one whose invitation was no longer usable, verifies by email as before.
 */
export function afterSignUp(input: {
  email: string;
  invitationPath: string | null;
  emailVerified: boolean | undefined;
}): AfterSignUp {
  if (input.invitationPath && input.emailVerified === true) return {kind: 'sign-in', href: input.invitationPath};
  return {kind: 'verify-email', href: `/verify-email-sent?email=${encodeURIComponent(input.email)}`};
}
