import {describe, expect, it} from 'vitest';
import {formatRole, memberName, NO_NAME} from './format';

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
