import {describe, expect, it} from 'vitest';
import {KEY_NAME_MESSAGE} from '@intakekit/contract/api-keys';
import {rulesMessage} from '@site/src/lib/forms/contract-resolver';
import {NEW_SERVER_KEY, type ServerKeyValues} from './server-key-form';

describe('new server key form', () => {
  it('sends the environment and the trimmed name', () => {
    expect(NEW_SERVER_KEY.toBody({environment: 'production', name: '  EHR bridge '})).toEqual({
      environment: 'production',
      name: 'EHR bridge',
    });
  });

  it("refuses an empty, a too long or a control-character name with the API's own message", async () => {
    for (const name of ['   ', 'x'.repeat(65), 'EHR\u0007']) {
      expect(await rulesMessage<ServerKeyValues, unknown>(NEW_SERVER_KEY, {environment: 'sandbox', name}), name).toBe(
        KEY_NAME_MESSAGE,
      );
    }
    expect(
      await rulesMessage<ServerKeyValues, unknown>(NEW_SERVER_KEY, {environment: 'sandbox', name: 'EHR bridge'}),
    ).toBeNull();
  });
});
