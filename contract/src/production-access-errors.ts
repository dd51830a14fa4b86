/**
 * The codes of production access (production-access.ts): asked for once by a team's owner, answered by the
 * operator. Part of the error catalogue (errors.ts spreads them in); no imports, as the catalogue has none.
 */
export const PRODUCTION_ACCESS_CODES = {
  PRODUCTION_ACCESS_PENDING: {
    status: 409,
    message: 'Your team has already asked for production access. We will email the owner when it is ready.',
  },
  PRODUCTION_ALREADY_READY: {
    status: 409,
    message: 'Your team already has production access. Create a production key on the API Keys page.',
  },
  PRODUCTION_PLANS_TOO_SHORT: {
    status: 400,
    message: 'Tell us a little more about what the clinic plans (at least 20 characters).',
  },
  PRODUCTION_VOLUME_REQUIRED: {status: 400, message: 'Pick the number of intakes you expect each month.'},
} as const satisfies Record<string, {status: number; message: string}>;
