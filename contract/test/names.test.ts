import {describe, expect, it} from 'vitest';
import {PERSON_NAME_PATTERN, nameProblem} from '../src/names.js';

describe('the name rule', () => {
  it.each([
    'Ada Lovelace',
    'Dr. J. Smith',
    "St. Mary's Clinic",
    'J.R.R. Tolkien',
    'Ph.D. Research',
    'U.S.A. Clinics',
    'e.g. and i.e.',
    'Acme Inc.',
    'Team 2.0',
    'v1.2.3',
    'R&D @ Acme',
    'Zoë Ørsted-Ünal',
    'İstanbul Klinik',
    'محمد',
    '👩🏽‍💻 Team',
    'Ada\u200dLovelace',
  ])('accepts %j', (name) => {
    expect(nameProblem(name)).toBeUndefined();
    expect(new RegExp(PERSON_NAME_PATTERN).test(name)).toBe(true);
  });

  it.each([
    'https://evil.test/x',
    'HTTP://EVIL',
    'ftp://files',
    'www.evil',
    'Visit WWW.evil',
    'example.com',
    'Example.COM',
    'evil.test/x',
    'Verify at evil.test.',
    'J.Smith',
    'Node.js',
    'ASP.NET Team',
    'ada@example',
    'mail:ada@x',
    'evil\u3002com',
    'evil\uff0ecom',
    'evil\u2024com',
    'exa\u200bmple.com',
    'examp\u00adle.com',
    'xn--80ak6aa92e',
    '10.0.0.1',
    'пример.рф',
  ])('refuses %j as reading like an address', (name) => {
    expect(nameProblem(name)).toBe('NAME_HAS_ADDRESS');
  });

  it.each([
    ['a NUL', 'Ada\u0000'],
    ['a tab', 'Ada\tLovelace'],
    ['a line feed', 'Ada\nLovelace'],
    ['DEL', 'Ada\u007f'],
    ['U+0085 (next line)', 'Ada\u0085Lovelace'],
    ['a C1 control', 'Ada\u009b'],
    ['U+2028 (line separator)', 'Ada\u2028Lovelace'],
    ['U+2029 (paragraph separator)', 'Ada\u2029Lovelace'],
    ['U+202E (right-to-left override)', 'Ada\u202Eevil'],
    ['U+202A (left-to-right embedding)', '\u202AAda'],
    ['U+2066 (left-to-right isolate)', '\u2066Ada\u2069'],
    ['U+200E (left-to-right mark)', 'Ada\u200e'],
    ['U+200F (right-to-left mark)', 'Ada\u200f'],
    ['U+061C (Arabic letter mark)', 'Ada\u061c'],
  ])('refuses %s as a hidden character, in the pattern too', (_label, name) => {
    expect(nameProblem(name)).toBe('NAME_INVISIBLE_CHARACTERS');
    expect(new RegExp(PERSON_NAME_PATTERN).test(name)).toBe(false);
    expect(new RegExp(PERSON_NAME_PATTERN, 'u').test(name)).toBe(false);
  });
});
