/**
 * The codes of the webhooks: endpoints, their secrets, deliveries and the test inbox. Part of the error catalogue
 * (errors.ts spreads them in); no imports, as the catalogue has none.
 */
export const WEBHOOK_CODES = {
  WEBHOOK_ENDPOINT_NOT_FOUND: {status: 404, message: 'This endpoint does not exist or has been deleted.'},
  WEBHOOK_DELIVERY_NOT_FOUND: {status: 404, message: 'This delivery does not exist or is no longer kept.'},
  WEBHOOK_ENDPOINT_LIMIT_REACHED: {status: 409, message: 'You have reached the limit of 20 webhook endpoints.'},
  WEBHOOK_HTTPS_REQUIRED: {status: 400, message: 'A production endpoint must use an https:// URL.'},
  WEBHOOK_EVENT_NOT_SUBSCRIBED: {status: 409, message: 'This endpoint does not receive test events. Add them first.'},
} as const satisfies Record<string, {status: number; message: string}>;
