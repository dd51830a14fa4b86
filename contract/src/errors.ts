/**
 * The error catalogue: every code the API answers with its HTTP status, and the messages people see.
 * The API sends `{error: {code, message}}`; the portal shows its own message (SPEC_MESSAGES) for a code it knows.
 * No imports but the catalogue's own parts, so the portal can read it without pulling anything else into a page.
 */
import {FLOW_CODES} from './flow-errors.js';
import {PRODUCTION_ACCESS_CODES} from './production-access-errors.js';
import {SUBMISSION_CODES} from './submission-errors.js';
import {WEBHOOK_CODES} from './webhook-errors.js';

/** The code read from error.code, and the message shown for it; keep the wording exact. */
export const SPEC_MESSAGES = {
  EMAIL_IN_USE: 'This email is already registered. Try logging in instead.',
  INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
  EMAIL_NOT_VERIFIED: 'Please verify your email before logging in. Check your inbox for the verification link.',
  LOCKED: 'Too many failed login attempts. Your account has been temporarily locked.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_PASSWORD: 'Password must be at least 10 characters and include a mix of characters.',
  INVALID_NAME: 'Please enter a valid name (1-80 characters).',
  MISSING_FIELDS: 'Please fill in all required fields.',
  INVALID_TOKEN: 'This verification link is invalid or has expired.',
  INVALID_OR_EXPIRED: 'This link is invalid or has expired. Please request a new one.',
  ALREADY_USED: 'This link has already been used.',
  EXPIRED: 'This link has expired. Please request a new one.',
  TOKEN_REQUIRED: 'Verification token is required.',
  TURNSTILE_FAILED: 'Bot verification failed. Please try again.',
  RATE_LIMIT_EXCEEDED: 'Too many requests. Please wait a moment and try again.',
  EMAIL_REQUIRED: 'Email address is required.',
  SERVER_ERROR: 'Something went wrong. Please try again later.',
  // Never sent by the API: a client's own code for a request that got no answer.
  NETWORK_ERROR: 'Network error. Please check your connection.',
} as const;

export type SpecErrorCode = keyof typeof SPEC_MESSAGES;

/** The HTTP status the API answers each of those codes with (all but the client's NETWORK_ERROR). */
const SPEC_STATUSES = {
  EMAIL_IN_USE: 409,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  LOCKED: 423,
  INVALID_EMAIL: 400,
  INVALID_PASSWORD: 400,
  INVALID_NAME: 400,
  MISSING_FIELDS: 400,
  INVALID_TOKEN: 400,
  INVALID_OR_EXPIRED: 400,
  ALREADY_USED: 400,
  EXPIRED: 400,
  TOKEN_REQUIRED: 400,
  TURNSTILE_FAILED: 400,
  RATE_LIMIT_EXCEEDED: 429,
  EMAIL_REQUIRED: 400,
  SERVER_ERROR: 500,
} as const satisfies Partial<Record<SpecErrorCode, number>>;

/** Codes the API adds where none of SPEC_MESSAGES fits. */
const API_CODES = {
  NOT_FOUND: {status: 404, message: 'Not found.'},
  UNAUTHORIZED: {status: 401, message: 'Please sign in to continue.'},
  INVALID_API_KEY: {status: 401, message: 'The API key is missing, invalid or revoked.'},
  FORBIDDEN: {status: 403, message: 'You do not have permission to do this.'},
  PRODUCTION_NOT_READY: {
    status: 403,
    message:
      'Sorry, your company is not ready for production integration yet. Please contact our partner success manager.',
  },
  PAYLOAD_TOO_LARGE: {status: 413, message: 'The request body is too large.'},
  UNSUPPORTED_MEDIA_TYPE: {status: 415, message: 'Send the request body as JSON (Content-Type: application/json).'},
  SERVICE_UNAVAILABLE: {status: 503, message: 'The service is temporarily unavailable. Please try again later.'},
  // Person and team names (names.ts): they reach other people's inboxes and screens under our name.
  NAME_INVISIBLE_CHARACTERS: {
    status: 400,
    message: 'Names cannot contain control characters, line breaks or characters that change the direction of text.',
  },
  NAME_HAS_ADDRESS: {
    status: 400,
    message:
      'Names cannot contain a web or email address, because they appear in emails we send. Remove it, or put a space after each dot (as in "Dr. J. Smith").',
  },
  // Teams by consent: invitations are accepted by the invited address only.
  INVITATION_WRONG_ACCOUNT: {status: 403, message: 'This invitation was sent to a different email address.'},
  ALREADY_IN_TEAM: {status: 409, message: 'You already belong to a team. Leave it before joining another.'},
  OWNER_MUST_TRANSFER: {status: 403, message: 'Transfer ownership to another member before leaving the team.'},
  // A transfer that waited for another one to finish: the caller is no longer the owner it was when it asked.
  OWNERSHIP_CHANGED: {
    status: 409,
    message: 'Ownership of this team has just changed. Reload the page to see who owns it now.',
  },
  // Quotas: a team (or a user without one) holds a bounded number of active keys.
  KEY_LIMIT_REACHED: {
    status: 409,
    message: 'You have reached the limit of active API keys. Revoke a key you no longer use, then create a new one.',
  },
  // Keys for browsers: the SDK's call from a page whose origin the key does not allow. The API's message names
  // the origin (origins.ts, originNotAllowedMessage); this one stands for it in the catalogue.
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    message: 'This origin is not an allowed origin for this key. Add it on the API Keys page.',
  },
  // An SDK session for a flow id that is not in the catalogue. The API's message names the id and the ids that
  // exist (flow-catalogue.ts, invalidFlowMessage); this one stands for it in the catalogue.
  INVALID_FLOW: {status: 400, message: 'There is no flow with this id. The Flows page lists the ids you can use.'},
  // A key's settings that break their rules; the API's message says which rule (api-keys.ts, origins.ts).
  INVALID_KEY_SETTINGS: {status: 400, message: 'Check the key settings and try again.'},
  KEY_NOT_ACTIVE: {
    status: 409,
    message: 'This key is revoked or expired, so its settings can no longer change. Create a new key instead.',
  },
  // Why a session ended (sessions.ts): a 401 that says which.
  SESSION_IDLE: {
    status: 401,
    message: 'You were signed out after a while without activity. Sign in again to continue.',
  },
  SESSION_EXPIRED: {status: 401, message: 'Your session reached its time limit. Sign in again to continue.'},
  SESSION_SIGNED_OUT: {status: 401, message: 'You signed out in another tab. Sign in again to continue.'},
  SESSION_REVOKED: {
    status: 401,
    message: 'You were signed out from another session in Settings. Sign in again to continue.',
  },
  SESSION_PASSWORD_CHANGED: {
    status: 401,
    message: 'Your password was changed, which signed out your sessions. Sign in with the new password.',
  },
  SESSION_LOCKED: {
    status: 401,
    message: 'You were signed out after too many wrong passwords. Wait 15 minutes or reset your password.',
  },
  // A password on the common list (common-passwords.ts) that passes the length and mix rule, so INVALID_PASSWORD's
  // message would name the wrong reason.
  PASSWORD_TOO_COMMON: {status: 400, message: 'This password is too common. Choose one that is harder to guess.'},
  // A signed-in person confirming an action with their password (change it, delete the account, transfer the
  // team, turn two-factor off, add a passkey): the sign-in form's 'email or password' would name the wrong thing.
  INVALID_CURRENT_PASSWORD: {status: 400, message: 'That is not your current password. Please try again.'},
  // A verification link opened again (used, replaced by a newer one, or past its hour) once the address is
  // verified: not a failure, and nothing to request again; the page offers sign-in.
  ALREADY_VERIFIED: {status: 409, message: 'Your email address is already verified. You can sign in.'},
  // The activity log's filters (activity.ts).
  INVALID_ACTIVITY_FILTER: {status: 400, message: 'Pick a start date on or before the end date.'},
  // Two-factor sign-in (two-factor.ts).
  INVALID_TWO_FACTOR_CODE: {status: 400, message: 'That code is not valid. Try again, or use a recovery code.'},
  // The setup's confirmation: no recovery code exists yet, so the refusal cannot offer one.
  INVALID_SETUP_CODE: {
    status: 400,
    message: 'That code is not valid. Enter the 6-digit code your authenticator app shows now.',
  },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    status: 400,
    message: 'Your sign-in took too long. Enter your email and password again.',
  },
  TWO_FACTOR_ALREADY_ENABLED: {status: 409, message: 'Two-factor authentication is already on.'},
  TWO_FACTOR_NOT_ENABLED: {status: 409, message: 'Two-factor authentication is not on.'},
  TWO_FACTOR_REQUIRED_BY_TEAM: {
    status: 403,
    message: 'Your team requires two-factor authentication. Turn it on in Settings to continue.',
  },
  OWNER_TWO_FACTOR_REQUIRED: {
    status: 409,
    message: 'Turn on two-factor authentication for your own account before requiring it of the team.',
  },
  TWO_FACTOR_SETUP_REQUIRED: {
    status: 409,
    message: 'Start the setup again: scan the new QR code, then enter the code it shows.',
  },
  // Passkeys (passkeys.ts).
  PASSKEY_NOT_VERIFIED: {
    status: 400,
    message: 'Your passkey could not be verified. Try again, or sign in with your email and password.',
  },
  PASSKEY_PROMPT_EXPIRED: {status: 400, message: 'The passkey prompt timed out. Try again.'},
  PASSKEY_NOT_REGISTERED: {
    status: 400,
    message: 'This passkey is not registered with IntakeKit. Sign in with your password, then add it in Settings.',
  },
  PASSKEY_LIMIT_REACHED: {
    status: 409,
    message: 'Your account has 10 passkeys, the most it can hold. Remove one to add another.',
  },
  INVALID_PASSKEY_NAME: {status: 400, message: 'Name your passkey in 1 to 64 characters.'},
  // Recovery through the emailed link (password-reset.ts, account-recovery.ts): with two-factor on, the link alone
  // does not set a password, and an account being recovered opens to nobody until its waiting period ends.
  TWO_FACTOR_CODE_REQUIRED: {
    status: 400,
    message: 'Enter a code from your authenticator app, or one of your recovery codes, to set a new password.',
  },
  ACCOUNT_RECOVERY_PENDING: {
    status: 423,
    message:
      'This account is being recovered by the owner of its email address, so nobody can sign in to it until the waiting period ends. The email we sent says when.',
  },
  SESSION_ACCOUNT_RECOVERY: {
    status: 401,
    message: 'The owner of this email address started recovering the account, which signed out every session.',
  },
  ...PRODUCTION_ACCESS_CODES,
  ...SUBMISSION_CODES,
  ...WEBHOOK_CODES,
  ...FLOW_CODES,
} as const satisfies Record<string, {status: number; message: string}>;

type Catalogue = {
  readonly [C in keyof typeof SPEC_STATUSES]: {
    readonly status: (typeof SPEC_STATUSES)[C];
    readonly message: (typeof SPEC_MESSAGES)[C];
  };
} & typeof API_CODES;

function catalogue(): Catalogue {
  const message = (code: string) => SPEC_MESSAGES[code as SpecErrorCode];
  const spec = Object.entries(SPEC_STATUSES).map(([code, status]) => [code, {status, message: message(code)}]);
  return {...Object.fromEntries(spec), ...API_CODES} as Catalogue;
}

/**
 * What the API answers: each code with its status and message, SPEC_MESSAGES codes first. Built by a call marked pure,
 * so that a page reading only SPEC_MESSAGES leaves the API's part out of its bundle.
 */
export const ERROR_CATALOGUE = /* @__PURE__ */ catalogue();

/** A code the API answers. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = /* @__PURE__ */ Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/**
 * EMAIL_NOT_VERIFIED where a signed-in member acts: the same code, whose catalogue message speaks of signing
 * in, with words for what was refused.
 */
export const VERIFY_EMAIL_FOR_KEYS =
  'Please verify your email before creating, changing, rotating or revoking API keys. Check your inbox for the verification link.';
export const VERIFY_EMAIL_FOR_PRODUCTION_ACCESS =
  'Please verify your email before asking for production access. Check your inbox for the verification link.';
export const VERIFY_EMAIL_FOR_INVITATIONS =
  'Please verify your email before inviting members. Check your inbox for the verification link.';
export const VERIFY_EMAIL_FOR_SIGN_IN_METHODS =
  'Please verify your email before adding a passkey, two-factor authentication or recovery codes. Check your inbox for the verification link.';

/** The body of every refusal (the route schemas describe it as `ErrorBody` too). */
export interface ErrorBody {
  error: {code: string; message: string; details?: Record<string, unknown>};
}
