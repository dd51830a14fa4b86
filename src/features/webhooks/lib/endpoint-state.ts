// What the page says about an endpoint's state: enabled, failing (and for how long), or disabled and by whom.
import type {WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {failuresInARow, WEBHOOKS_TEXT} from './texts';

export interface EndpointState {
  label: 'Enabled' | 'Failing' | 'Disabled';
  tone: 'success' | 'warning' | 'danger' | 'neutral';
  /** The sentence beside the state: the failures in a row, or why it is disabled. */
  detail: string | null;
}

type StateFields = Pick<WebhookEndpoint, 'enabled' | 'failuresInARow' | 'disabledAt'>;

export function endpointState({enabled, failuresInARow: failures, disabledAt}: StateFields): EndpointState {
  if (!enabled) {
    return disabledAt
      ? {label: 'Disabled', tone: 'danger', detail: WEBHOOKS_TEXT.disabledByApi}
      : {label: 'Disabled', tone: 'neutral', detail: WEBHOOKS_TEXT.disabledByPerson};
  }
  if (failures > 0) return {label: 'Failing', tone: 'warning', detail: failuresInARow(failures)};
  return {label: 'Enabled', tone: 'success', detail: null};
}
