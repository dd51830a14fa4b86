import {describe, expect, it} from 'vitest';
import type {ApiKey} from '@site/src/lib/api/keys';
import {rulesMessage} from '@site/src/lib/forms/contract-resolver';
import {changedSettings, initialValues, keySettingsRules, localDay} from './key-settings';

/** A month ahead: an expiry the contract allows. */
const EXPIRES = new Date(Date.now() + 30 * 86_400_000).toISOString();
const LIMITS = {rateLimitDefault: 60, rateLimitMax: 600};
const KEY: ApiKey = {
  id: '00000000-0000-4000-8000-000000000001',
  keyType: 'sandbox',
  name: 'Web',
  apiKey: 'ik_sandbox_x',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
  expiresAt: EXPIRES,
  graceEndsAt: null,
  replacedBy: null,
  allowedOrigins: ['https://clinic.example'],
  rateLimitPerMinute: 60,
};

describe('key settings form', () => {
  it('starts from the key as it is', () => {
    expect(initialValues(KEY)).toEqual({
      name: 'Web',
      origins: 'https://clinic.example',
      expiry: 'date',
      date: localDay(KEY.expiresAt!),
      limit: '60',
    });
  });

  it('sends only what changed, keeping the exact expiry when the day is the same', () => {
    const values = {...initialValues(KEY), name: 'Web shop'};
    expect(keySettingsRules(KEY, LIMITS).toBody(values)).toEqual({name: 'Web shop'});
    expect(
      changedSettings(KEY, {name: 'Web', expiresAt: '2099-06-01T00:00:00.000Z'}, localDay(KEY.expiresAt!)),
    ).toEqual({});
  });

  it('lets a key that no longer works change its name only', () => {
    const revoked = {...KEY, status: 'revoked' as const};
    const values = {...initialValues(revoked), name: 'Old', limit: '5'};
    expect(keySettingsRules(revoked, LIMITS).toBody(values)).toEqual({name: 'Old'});
  });

  it("says the contract's message for a limit above the maximum", async () => {
    const message = await rulesMessage(keySettingsRules(KEY, LIMITS), {...initialValues(KEY), limit: '601'});
    expect(message).toMatch(/600/);
    expect(await rulesMessage(keySettingsRules(KEY, LIMITS), initialValues(KEY))).toBeNull();
  });
});
