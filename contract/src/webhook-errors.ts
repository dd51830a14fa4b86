/**
 * The codes of the webhooks: endpoints, their secrets, deliveries and the test inbox. Part of the error catalogue
 * (errors.ts spreads them in); no imports, as the catalogue has none.
 */
export const WEBHOOK_CODES = {
  WEBHOOK_ENDPOINT_NOT_FOUND: {status: 404, message: 'This endpoint does not exist or has been deleted.'},
  WEBHOOK_DELIVERY_NOT_FOUND: {status: 404, message: 'This delivery does not exist or is no longer kept.'},
  WEBHOOK_ENDPOINT_LIMIT_REACHED: {status: 409, message: 'You have reached the limit of 20 webhook endpoints.'},
  WEBHOOK_HTTPS_REQUIRED: {status: 400, message: 'A production endpoint must use an https:// URL.'},
  WEBHOOK_URL_INVALID: {status: 400, message: 'Enter a full URL starting with https:// (or http:// in the sandbox).'},
  WEBHOOK_URL_CREDENTIALS: {
    status: 400,
    message: 'Remove the user name and password from the URL. Receivers check the signature instead.',
  },
  WEBHOOK_URL_PRIVATE_NETWORK: {
    status: 400,
    message:
      'This URL points to a local or private network address, which webhooks cannot reach. Use a public address, or the test inbox.',
  },
} as const satisfies Record<string, {status: number; message: string}>;
