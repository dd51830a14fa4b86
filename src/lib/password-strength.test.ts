import {describe, expect, it} from 'vitest';
import {passwordChecklist, passwordStrength, strengthLabel} from './password-strength';

describe('passwordStrength (spec §5)', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 0, 'Weak'], // lowercase only: 1 check
    ['Ab', 1, 'Weak'], // 2 checks, short
    ['Ab1!', 2, 'Fair'], // 4 checks, short: no length point, +2 and +3 only... see next row
    ['abcdefghij', 2, 'Fair'], // length + lowercase
    ['abcdefghi1', 3, 'Good'], // length + lowercase + number
    ['Abcdefghij', 3, 'Good'], // length + upper + lower
    ['Abcdefghi1', 3, 'Good'], // 4 checks but 10 chars < 12
    ['Abcdefghij12', 4, 'Strong'], // 4 checks and 12 chars
    ['Abcdefgh1!xy', 4, 'Strong'], // all 5 checks
    ['ABCDEFGHIJKL', 2, 'Fair'], // length + uppercase
    ['123456789012', 2, 'Fair'], // length + number
    ['!!!!!!!!!!!!', 2, 'Fair'], // length + symbol
    ['aA1', 2, 'Fair'], // 3 checks, short
  ])('%j scores %i (%s)', (password, score, label) => {
    const result = passwordStrength(password);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
  });

  it('labels the scores Weak (0-1), Fair (2), Good (3), Strong (4)', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['Weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });

  it('has the four checklist lines of spec §5', () => {
    expect(passwordChecklist('').map((line) => line.label)).toEqual([
      'at least 10 characters',
      'one uppercase letter',
      'one lowercase letter',
      'one number or symbol',
    ]);
    expect(passwordChecklist('').every((line) => !line.met)).toBe(true);
    expect(passwordChecklist('Abcdefghi!').map((line) => line.met)).toEqual([true, true, true, true]);
    expect(passwordChecklist('abcdefghi1').map((line) => line.met)).toEqual([true, false, true, true]);
  });
});
