// Authenticator-app codes (TOTP, RFC 6238) with the `otpauth` library: HMAC-SHA-1, 6 digits, 30-second
// steps, as every authenticator app reads an otpauth:// URL by default.
import {Secret, TOTP} from 'otpauth';
import {renderSVG} from 'uqr';
import {TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS} from '@intakekit/contract/two-factor';

/** A new shared secret in base32: 20 random bytes, the length of an HMAC-SHA-1 key (RFC 4226 §4). */
export function newTotpSecret(): string {
  return new Secret({size: 20}).base32;
}

function totp(secretBase32: string, label = '', digits = TOTP_DIGITS): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URL an app scans: issuer IntakeKit, the account's email as the label. */
export function otpauthUrl(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The QR code of `text` as an SVG document (uqr: no dependencies, SVG out, from the unjs project). */
export function qrSvg(text: string): string {
  return renderSVG(text, {ecc: 'M', border: 2});
}

/** The time step of `at`: the counter of RFC 6238 §4. */
export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for `at` (tests, and the RFC's 8-digit vectors). */
export function totpCode(secretBase32: string, at: Date, digits = TOTP_DIGITS): string {
  return totp(secretBase32, '', digits).generate({timestamp: at.getTime()});
}

/**
 * The time step whose code `code` is, within TOTP_WINDOW_STEPS of `at`, or null. The caller refuses a
 * step at or before the last one accepted, so each code works once.
 */
export function matchingStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = totp(secretBase32).validate({token: code, timestamp: at.getTime(), window: TOTP_WINDOW_STEPS});
  return delta === null ? null : timeStep(at) + delta;
}
