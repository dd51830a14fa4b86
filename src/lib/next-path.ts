/**
 * Where /login?next=... may send the user after sign-in: a path on this site only, so a link
 * someone else crafted cannot use the sign-in page to bounce a fresh session to another origin.
 */

/** The landing page after sign-in when there is no usable `next`. */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

// Longer than any link the portal builds (an invitation's is about 80 characters); refuse the rest.
const MAX_NEXT_LENGTH = 2048;

/**
 * `next` when it is a same-site path, else null: it must start with '/' but not '//' or '/\' (both are read as
 * "another host" by browsers), and hold no control characters or spaces (the URL parser drops tabs and newlines,
 * so '/\t/evil' would become '//evil').
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > MAX_NEXT_LENGTH) return null;
  if (!next.startsWith('/')) return null;
  if (next[1] === '/' || next[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(next)) return null;
  return next;
}

/** Where to go after signing in: a safe `next`, otherwise the dashboard. */
export function afterSignIn(next: string | null | undefined): string {
  return safeNextPath(next) ?? DEFAULT_AFTER_SIGN_IN;
}

/** /login carrying where to come back to and the address to pre-fill. */
export function loginHref({next, email}: {next?: string; email?: string}): string {
  const params = new URLSearchParams();
  if (next) params.set('next', next);
  if (email) params.set('email', email);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** /accept-invitation's address (the register form's return link and that page's own), for /login?next=. */
export function acceptInvitationPath(token: string): string {
  return `/accept-invitation?${new URLSearchParams({token}).toString()}`;
}
