import {describe, expect, it} from 'vitest';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {WEBHOOK_EVENT_TYPES} from '@intakekit/contract/webhooks';
import {rulesMessage} from '@site/src/lib/forms/contract-resolver';
import {ENDPOINT_CHANGES_FORM, NEW_ENDPOINT_FORM, SUBSCRIBABLE_EVENT_TYPES, endpointValues} from './endpoint-form';
import {endpointState} from './endpoint-state';
import {failuresInARow, WEBHOOKS_TEXT} from './texts';

const blank = endpointValues();

describe('the endpoint form', () => {
  it('sends the trimmed URL, leaves out an empty description, and offers every event but the test event', async () => {
    const values = {...blank, url: '  https://ehr.example.com/hooks ', description: '  '};
    expect(await rulesMessage(NEW_ENDPOINT_FORM, values)).toBeNull();
    expect(NEW_ENDPOINT_FORM.toBody(values)).toEqual({
      environment: 'sandbox',
      url: 'https://ehr.example.com/hooks',
      eventTypes: ['submission.created'],
      payloadStyle: 'thin',
    });
    // An edit may clear the description, and never sends the environment.
    expect(ENDPOINT_CHANGES_FORM.toBody({...values, description: ''})).toEqual({
      url: 'https://ehr.example.com/hooks',
      description: '',
      eventTypes: ['submission.created'],
      payloadStyle: 'thin',
    });
    expect(SUBSCRIBABLE_EVENT_TYPES).toEqual(WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test'));
  });

  it("refuses what the API would, in the catalogue's words", async () => {
    const invalid = ERROR_CATALOGUE.WEBHOOK_URL_INVALID.message;
    for (const url of ['', '   ', 'ehr.example.com', 'ftp://ehr.example.com', 'https://']) {
      expect(await rulesMessage(NEW_ENDPOINT_FORM, {...blank, url}), url).toBe(invalid);
    }
    const production = {...blank, environment: 'production' as const, url: 'http://ehr.example.com/hooks'};
    expect(await rulesMessage(NEW_ENDPOINT_FORM, production)).toBe(ERROR_CATALOGUE.WEBHOOK_HTTPS_REQUIRED.message);
    expect(await rulesMessage(NEW_ENDPOINT_FORM, {...production, url: 'https://ehr.example.com/hooks'})).toBeNull();
    const none = {...blank, url: 'https://ehr.example.com/hooks', eventTypes: []};
    expect(await rulesMessage(NEW_ENDPOINT_FORM, none)).toBe(WEBHOOKS_TEXT.eventTypesRequired);
    // react-hook-form gives `false` for a checkbox group that was never ticked.
    expect(await rulesMessage(ENDPOINT_CHANGES_FORM, {...none, eventTypes: false as never})).toBe(
      WEBHOOKS_TEXT.eventTypesRequired,
    );
  });
});

describe('endpointState', () => {
  const healthy = {enabled: true, failuresInARow: 0, disabledAt: null};
  it('says enabled, failing with its failures in a row, or disabled and by whom', () => {
    expect(endpointState(healthy)).toEqual({label: 'Enabled', tone: 'success', detail: null});
    expect(endpointState({...healthy, failuresInARow: 1}).detail).toBe('1 failed attempt in a row');
    expect(endpointState({...healthy, failuresInARow: 7})).toEqual({
      label: 'Failing',
      tone: 'warning',
      detail: failuresInARow(7),
    });
    expect(failuresInARow(7)).toBe('7 failed attempts in a row');
    expect(endpointState({...healthy, enabled: false})).toMatchObject({label: 'Disabled', tone: 'neutral'});
    const byApi = endpointState({enabled: false, failuresInARow: 40, disabledAt: '2026-11-26T00:00:00.000Z'});
    expect(byApi).toEqual({label: 'Disabled', tone: 'danger', detail: WEBHOOKS_TEXT.disabledByApi});
    expect(byApi.detail).toContain('5 days');
  });
});
