/** The texts and timings of the settings screen. */

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_FAILED = 'Failed to update profile';
export const PROFILE_MESSAGE_MS = 3000;

export const VERIFICATION_SENT = 'Verification email sent! Please check your inbox.';
export const VERIFICATION_FAILED = 'Failed to send verification email';

export const PASSWORD_CHANGED = 'Password changed successfully! A confirmation email has been sent.';
export const PASSWORD_FAILED = 'Failed to change password';

export const DELETE_FAILED = 'Failed to delete account';
/** What the user types to confirm the deletion. */
export const DELETE_CONFIRM_WORD = 'DELETE';

/** The Delete Account button of the dialog is enabled once the password is given and the word typed exactly. */
export function canDeleteAccount(password: string, typed: string): boolean {
  return password.length > 0 && typed.trim() === DELETE_CONFIRM_WORD;
}

/** A form that asks for the current password before acting (turning two-factor off, adding a passkey). */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
