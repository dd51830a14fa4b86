/** Timings of spec §9 shared by more than one feature. */

/** How long an email-sent success message stays (verification resend, settings). */
export const EMAIL_MESSAGE_MS = 5000;
