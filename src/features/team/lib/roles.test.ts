import {describe, expect, it} from 'vitest';
import {asTeamRole, canRemove, isManager, roleChangeFor, roleWithArticle, teamAbilities, type TeamRole} from './roles';

const other = (role: TeamRole) => ({role, self: false});
const own = (role: TeamRole) => ({role, self: true});

describe('team roles: what the page offers', () => {
  // [what the role is offered, the role, invite, roles it grants, manage invitations, transfer, leave]
  it.each([
    [
      'a plain member: no invite form, no invitation actions, no transfer; may leave',
      'member',
      false,
      [],
      false,
      false,
      true,
    ],
    ['an admin: invites members only, manages invitations; may leave', 'admin', true, ['member'], true, false, true],
    [
      'the owner: invites members or admins, transfers ownership; cannot leave',
      'owner',
      true,
      ['member', 'admin'],
      true,
      true,
      false,
    ],
  ] as const)('%s', (_what, role, invite, inviteRoles, manageInvitations, transfer, leave) => {
    expect(teamAbilities(role)).toEqual({invite, inviteRoles, manageInvitations, transfer, leave});
  });

  it('managers are the owner and admins', () => {
    expect(isManager('owner')).toBe(true);
    expect(isManager('admin')).toBe(true);
    expect(isManager('member')).toBe(false);
  });
});

describe('team roles: Remove', () => {
  it('the owner removes admins and members', () => {
    expect(canRemove('owner', other('admin'))).toBe(true);
    expect(canRemove('owner', other('member'))).toBe(true);
  });

  it('an admin removes members only', () => {
    expect(canRemove('admin', other('member'))).toBe(true);
    expect(canRemove('admin', other('admin'))).toBe(false);
    expect(canRemove('admin', other('owner'))).toBe(false);
  });

  it('a plain member removes nobody, not even on the owner row', () => {
    for (const role of ['owner', 'admin', 'member'] as const) expect(canRemove('member', other(role))).toBe(false);
  });

  it('nobody removes the owner or themselves', () => {
    for (const actor of ['owner', 'admin', 'member'] as const) {
      expect(canRemove(actor, other('owner'))).toBe(false);
      expect(canRemove(actor, own(actor))).toBe(false);
    }
  });
});

describe('team roles: Make admin / Make member', () => {
  it('only the owner changes roles, between admin and member', () => {
    expect(roleChangeFor('owner', other('member'))).toBe('admin');
    expect(roleChangeFor('owner', other('admin'))).toBe('member');
    expect(roleChangeFor('owner', own('owner'))).toBeNull();
    for (const actor of ['admin', 'member'] as const) {
      expect(roleChangeFor(actor, other('member'))).toBeNull();
      expect(roleChangeFor(actor, other('admin'))).toBeNull();
    }
  });
});

describe('team roles: reading and naming', () => {
  it('an unknown role from the server gets the least rights', () => {
    expect(asTeamRole('owner')).toBe('owner');
    expect(asTeamRole('admin')).toBe('admin');
    expect(asTeamRole('superuser')).toBe('member');
    expect(asTeamRole(undefined)).toBe('member');
  });

  it('names a role in a sentence', () => {
    expect(roleWithArticle('member')).toBe('a member');
    expect(roleWithArticle('admin')).toBe('an admin');
    expect(roleWithArticle('owner')).toBe('the owner');
  });
});
