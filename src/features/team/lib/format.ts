/** Display rules of the members table: '(No name)' for a missing name, roles in uppercase. */

export const NO_NAME = '(No name)';

export function memberName(name: string | null | undefined): string {
  return name?.trim() || NO_NAME;
}

export function formatRole(role: string): string {
  return role.toUpperCase();
}
