import {describe, expect, it} from 'vitest';
import {ERROR_CATALOGUE} from '../src/errors.js';
import {SESSION_END_CODES, isSessionEndCode} from '../src/sessions.js';

describe('why a session ended', () => {
  it('has a 401 with a sentence in the catalogue for every reason, and tells those codes from others', () => {
    for (const code of Object.values(SESSION_END_CODES)) {
      expect(ERROR_CATALOGUE[code].status, code).toBe(401);
      expect(ERROR_CATALOGUE[code].message, code).toMatch(/^[A-Z].+\.$/);
      expect(isSessionEndCode(code)).toBe(true);
    }
    for (const other of ['UNAUTHORIZED', 'LOCKED', undefined, 'session_idle'])
      expect(isSessionEndCode(other)).toBe(false);
  });
});
