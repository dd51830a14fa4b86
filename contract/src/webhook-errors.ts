/**
 * The codes of the webhooks: endpoints, their secrets, deliveries and the test inbox. Part of the error catalogue
 * (errors.ts spreads them in); no imports, as the catalogue has none.
 */
export const WEBHOOK_CODES = {
  WEBHOOK_ENDPOINT_NOT_FOUND: {status: 404, message: 'This endpoint does not exist or has been deleted.'},
} as const satisfies Record<string, {status: number; message: string}>;
