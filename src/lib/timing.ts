/** Timings shared by more than one feature. */

/** How long an email-sent success message stays (verification resend, settings). */
export const EMAIL_MESSAGE_MS = 5000;

/** How long 'Copied!' shows after a copy (code blocks and copy buttons). */
export const COPIED_MS = 2000;
