/**
 * The endpoint form (add and edit): the contract's body schemas on what was typed, the API's own messages for a URL,
 * and the event types a person may subscribe to.
 */
import type {KeyType} from '@intakekit/contract/api-keys';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {
  NewWebhookEndpointBody,
  WebhookEndpointChanges,
  type WebhookEndpoint,
} from '@intakekit/contract/schemas/webhooks';
import {WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookPayloadStyle} from '@intakekit/contract/webhooks';
import type {ContractRules, FormCheck} from '@site/src/lib/forms/contract-resolver';
import {WEBHOOKS_TEXT} from './texts';

/** `webhook.test` is sent by 'Send test event' to any endpoint, so subscribing to it changes nothing. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test');

export type EndpointValues = {
  environment: KeyType;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  payloadStyle: WebhookPayloadStyle;
};

/** The form's values for a new endpoint, or for an endpoint as it is. */
export function endpointValues(endpoint?: WebhookEndpoint): EndpointValues {
  if (!endpoint) {
    return {environment: 'sandbox', url: '', description: '', eventTypes: ['submission.created'], payloadStyle: 'thin'};
  }
  const {environment, url, description, eventTypes, payloadStyle} = endpoint;
  return {environment, url, description, eventTypes: [...eventTypes], payloadStyle};
}

const URL_INVALID = ERROR_CATALOGUE.WEBHOOK_URL_INVALID.message;
const HTTPS_REQUIRED = ERROR_CATALOGUE.WEBHOOK_HTTPS_REQUIRED.message;

/** react-hook-form gives a checkbox group as an array, or false when none of it was ever ticked. */
const chosen = (eventTypes: unknown): WebhookEventType[] => (Array.isArray(eventTypes) ? eventTypes : []);

const CHECKS: readonly FormCheck<EndpointValues>[] = [
  {field: 'url', rule: ({url}) => (url.trim() === '' ? URL_INVALID : null)},
  {field: 'url', failed: 'pattern', message: URL_INVALID},
  {field: 'url', failed: 'maxLength', message: URL_INVALID},
  {
    field: 'url',
    rule: ({environment, url}) => (environment === 'production' && /^http:/i.test(url.trim()) ? HTTPS_REQUIRED : null),
  },
  {
    field: 'eventTypes',
    rule: ({eventTypes}) => (chosen(eventTypes).length === 0 ? WEBHOOKS_TEXT.eventTypesRequired : null),
  },
];

export const NEW_ENDPOINT_FORM: ContractRules<EndpointValues, NewWebhookEndpointBody> = {
  schema: NewWebhookEndpointBody,
  toBody: ({environment, url, description, eventTypes, payloadStyle}) => ({
    environment,
    url: url.trim(),
    ...(description.trim() ? {description: description.trim()} : {}),
    eventTypes: chosen(eventTypes),
    payloadStyle,
  }),
  checks: CHECKS,
};

export const ENDPOINT_CHANGES_FORM: ContractRules<EndpointValues, WebhookEndpointChanges> = {
  schema: WebhookEndpointChanges,
  toBody: ({url, description, eventTypes, payloadStyle}) => ({
    url: url.trim(),
    description: description.trim(),
    eventTypes: chosen(eventTypes),
    payloadStyle,
  }),
  checks: CHECKS,
};

/** The API's refusals of a URL, shown at the URL field. */
export const URL_REFUSALS = {
  WEBHOOK_URL_INVALID: 'url',
  WEBHOOK_HTTPS_REQUIRED: 'url',
  WEBHOOK_URL_CREDENTIALS: 'url',
  WEBHOOK_URL_PRIVATE_NETWORK: 'url',
} as const;
