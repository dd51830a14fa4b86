/** Display rules of the members table (spec §2). */

export const NO_NAME = '(No name)';

export function memberName(name: string | null | undefined): string {
  return name?.trim() || NO_NAME;
}

export function formatRole(role: string): string {
  return role.toUpperCase();
}
