/**
 * What each team role may do. The page shows only the actions the
 * caller's role allows; the server enforces the same rules and the page shows its refusal when they disagree
 * (a role changed in another tab).
 */

import type {TeamRole} from '@intakekit/contract/schemas/common';
import type {GrantedRole} from '@intakekit/contract/schemas/team';

export type {TeamRole};
/** The roles an invitation or a role change can grant: ownership only moves by transfer. */
export type GrantableRole = GrantedRole;

const ROLES: readonly TeamRole[] = ['owner', 'admin', 'member'];

/** A role from the server; anything unknown gets the least rights (a plain member's). */
export function asTeamRole(value: unknown): TeamRole {
  return ROLES.includes(value as TeamRole) ? (value as TeamRole) : 'member';
}

/** Owners and admins manage the team: invite, resend, revoke, remove. */
export function isManager(role: TeamRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** What the caller may do on the page as a whole. */
export interface TeamAbilities {
  /** The invite form is shown. */
  invite: boolean;
  /** The roles the invite form offers; the role select is shown only when there is a choice. */
  inviteRoles: readonly GrantableRole[];
  /** Resend and Revoke on invitation rows; managers also see the pending invitations at all. */
  manageInvitations: boolean;
  /** 'Transfer ownership'. */
  transfer: boolean;
  /** 'Leave team': everyone but the owner, who must transfer ownership first. */
  leave: boolean;
}

export function teamAbilities(role: TeamRole): TeamAbilities {
  const manager = isManager(role);
  return {
    invite: manager,
    inviteRoles: role === 'owner' ? ['member', 'admin'] : manager ? ['member'] : [],
    manageInvitations: manager,
    transfer: role === 'owner',
    leave: role !== 'owner',
  };
}

/** A row of the members list as the rules see it. */
export interface MemberTarget {
  role: TeamRole;
  /** The caller's own row: nobody removes themselves here (they leave instead). */
  self: boolean;
}

/** The owner removes admins and members, an admin removes members only; never the owner, never oneself. */
export function canRemove(actor: TeamRole, target: MemberTarget): boolean {
  if (target.self || target.role === 'owner') return false;
  if (actor === 'owner') return true;
  return actor === 'admin' && target.role === 'member';
}

/** The role the owner's 'Make admin' / 'Make member' button would give this row, or null when there is none. */
export function roleChangeFor(actor: TeamRole, target: MemberTarget): GrantableRole | null {
  if (actor !== 'owner' || target.self) return null;
  if (target.role === 'member') return 'admin';
  if (target.role === 'admin') return 'member';
  return null;
}

/** 'a member' / 'an admin' / 'the owner', for sentences. */
export function roleWithArticle(role: TeamRole): string {
  if (role === 'owner') return 'the owner';
  return role === 'admin' ? 'an admin' : 'a member';
}
