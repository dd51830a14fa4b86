import {describe, expect, it} from 'vitest';
import {formatRole, memberName, NO_NAME, personLabel, personWithEmail} from './format';

describe('members table', () => {
  it("shows '(No name)' for a member without a name", () => {
    expect(memberName(null)).toBe(NO_NAME);
    expect(memberName(undefined)).toBe('(No name)');
    expect(memberName('   ')).toBe('(No name)');
    expect(memberName('Ada')).toBe('Ada');
  });
  it('shows the role in upper case', () => {
    expect(formatRole('owner')).toBe('OWNER');
    expect(formatRole('member')).toBe('MEMBER');
    expect(formatRole('invited')).toBe('INVITED');
  });
});

describe('people in sentences', () => {
  it('names a person, or gives the address when there is no name', () => {
    expect(personLabel({name: ' Ada ', email: 'ada@example.com'})).toBe('Ada');
    expect(personLabel({name: null, email: 'ada@example.com'})).toBe('ada@example.com');
  });
  it('gives name and address where both must show', () => {
    expect(personWithEmail({name: 'Ada', email: 'ada@example.com'})).toBe('Ada (ada@example.com)');
    expect(personWithEmail({name: '  ', email: 'ada@example.com'})).toBe('ada@example.com');
  });
});
