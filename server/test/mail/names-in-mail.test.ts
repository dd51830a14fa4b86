// Names someone else chose, in the emails an account's owner receives: a passkey added by whoever held the
// account before a reset is listed in the notice, but a name that breaks the name rule is not shown.
import {describe, expect, it} from 'vitest';
import {renderMail} from '../../src/mail/templates.js';

describe('removed passkeys in the notice', () => {
  it('lists ordinary names quoted and leaves out one that reads as an address or hides text', () => {
    const mail = renderMail({
      kind: 'password-changed',
      name: 'Ada',
      portalUrl: 'https://portal.example',
      removedPasskeys: ['YubiKey 5C', 'Restore access at https://evil.test/x', 'Phone\u202Eevil'],
    });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('evil.test');
      expect(part).not.toContain('\u202E');
    }
    expect(mail.text).toContain('“YubiKey 5C”, 2 passkeys whose names are not shown.');
  });
});
