import {describe, expect, it} from 'vitest';
import {NO_FILTERS, activityQuery, datesInOrder} from './filters';

describe('activity filters', () => {
  it('send only what is set, and the cursor of the next page', () => {
    expect(activityQuery(NO_FILTERS)).toBe('');
    expect(activityQuery({...NO_FILTERS, action: 'key.created', from: '2026-11-01'}, '42')).toBe(
      '?action=key.created&from=2026-11-01&before=42',
    );
  });

  it('want the start on or before the end', () => {
    expect(datesInOrder({from: '2026-11-02', to: '2026-11-01'})).toBe(false);
    expect(datesInOrder({from: '2026-11-01', to: '2026-11-01'})).toBe(true);
    expect(datesInOrder({from: '', to: '2026-11-01'})).toBe(true);
  });
});
