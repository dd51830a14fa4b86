import {describe, expect, it} from 'vitest';
import {loadCommonPasswords} from './common-password-list';
import {passwordChecklist, passwordStrength, strengthLabel} from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 0, 'Weak'], // lowercase only: 1 check
    ['Ab', 1, 'Weak'], // 2 checks, short
    ['Ab1!', 1, 'Weak'], // 4 checks but short: the rule fails, so never better than Weak
    ['abcdefghij', 1, 'Weak'], // length + lowercase: one kind, which the API refuses
    ['abcdefghi1', 3, 'Good'], // length + lowercase + number
    ['Abcdefghij', 3, 'Good'], // length + upper + lower
    ['Abcdefghi1', 3, 'Good'], // 4 checks but 10 chars < 12
    ['Abcdefghij12', 4, 'Strong'], // 4 checks and 12 chars
    ['Abcdefgh1!xy', 4, 'Strong'], // all 5 checks
    ['ABCDEFGHIJKL', 1, 'Weak'], // length + uppercase: one kind
    ['123456789012', 1, 'Weak'], // length + number: one kind
    ['1234567890!!', 3, 'Good'], // length + number + symbol: two kinds
    ['!!!!!!!!!!!!', 1, 'Weak'], // length + symbol: one kind
    ['aA1', 1, 'Weak'], // 3 checks, short
    ['abcdefgh1A', 3, 'Good'], // the first score above Weak is a password the API accepts
  ])('%j scores %i (%s)', (password, score, label) => {
    const result = passwordStrength(password);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
  });

  it('labels the scores Weak (0-1), Fair (2), Good (3), Strong (4)', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['Weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });

  it('lists the rule the API enforces: 10 characters, and 2 of the 4 kinds, each kind on its own line', () => {
    const lines = passwordChecklist('');
    expect(lines.map((line) => line.label)).toEqual([
      'at least 10 characters',
      'at least 2 of these kinds of character:',
      'not a commonly used password',
    ]);
    expect(lines[1]!.kinds!.map((kind) => kind.label)).toEqual([
      'one uppercase letter',
      'one lowercase letter',
      'one number',
      'one symbol',
    ]);
    const met = (password: string) => passwordChecklist(password).map((line) => line.met);
    // Ten lower-case letters: long enough, one kind; the API refuses it, and so does the checklist.
    expect(met('abcdefghij')).toEqual([true, false, true]);
    expect(met('1234567890!')).toEqual([true, true, true]);
    expect(met('Abcdefghi!')).toEqual([true, true, true]);
    expect(met('Ab1!')).toEqual([false, true, true]);
    expect(passwordChecklist('1234567890!')[1]!.kinds!.map((kind) => kind.met)).toEqual([false, false, true, true]);
  });

  it('reads a password on the common list, once loaded, as Too common, with its line not met', async () => {
    await loadCommonPasswords();
    expect(passwordStrength('Password123')).toMatchObject({score: 1, label: 'Too common'});
    expect(passwordStrength('Password-Horse-123').label).toBe('Strong');
    const common = (password: string) => passwordChecklist(password)[2];
    expect(common('Password123')).toEqual({label: 'not a commonly used password', met: false});
    expect(common('Password-Horse-123')).toEqual({label: 'not a commonly used password', met: true});
    expect(common('')).toEqual({label: 'not a commonly used password', met: false});
  });
});
