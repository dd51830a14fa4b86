import {describe, expect, it} from 'vitest';
import {EMAIL_PATTERN, isValidEmail, normalizeEmail} from '../src/email.js';

describe('the email address rule', () => {
  it.each([
    'ada@example.com',
    'ada.lovelace+intake@clinic.example.co.uk',
    "o'brien@example.org",
    'a/b=c@example.io',
    'x@xn--bcher-kva.example',
    'ada@sub-domain.example',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => expect(isValidEmail(address)).toBe(true));

  it.each([
    ['an emoji local part', '😀@example.com'],
    ['markup', '<b>x</b>@example.com'],
    ['a space', 'ada lovelace@example.com'],
    ['a quoted local part', '"ada"@example.com'],
    ['two dots in a row', 'ada..l@example.com'],
    ['a leading dot', '.ada@example.com'],
    ['no top-level domain', 'ada@localhost'],
    ['a numeric top-level domain', 'ada@1.2.3.4'],
    ['a label ending in a hyphen', 'ada@clinic-.example'],
    ['an underscore in the domain', 'ada@cli_nic.example'],
    ['two @', 'ada@home@example.com'],
    ['a 65-character local part', `${'a'.repeat(65)}@example.com`],
    ['more than 254 characters', `ada@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`],
    ['a control character', 'ada\u0000@example.com'],
    ['an IP literal', 'ada@[127.0.0.1]'],
  ])('refuses %s', (_why, address) => expect(isValidEmail(address)).toBe(false));

  it('converts an internationalised domain to punycode, and lowercases and trims the rest', () => {
    expect(normalizeEmail('  Ada@Bücher.Example ')).toBe('ada@xn--bcher-kva.example');
    expect(isValidEmail('ada@bücher.example')).toBe(true);
    expect(normalizeEmail('ada@example.com')).toBe('ada@example.com');
  });

  it('is one regular expression the API schemas can carry, agreeing with isValidEmail', () => {
    const pattern = new RegExp(EMAIL_PATTERN);
    for (const address of ['ada@example.com', '😀@example.com', 'x@xn--bcher-kva.example', 'ada@localhost']) {
      expect(pattern.test(address)).toBe(isValidEmail(address));
    }
  });
});
