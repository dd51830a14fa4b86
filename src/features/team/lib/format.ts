/** Display rules of the members table: '(No name)' for a missing name, roles in uppercase. */

export const NO_NAME = '(No name)';

export function memberName(name: string | null | undefined): string {
  return name?.trim() || NO_NAME;
}

export function formatRole(role: string): string {
  return role.toUpperCase();
}

/** A person in a sentence: the name when there is one, else the address. */
export function personLabel(person: {name: string | null; email: string}): string {
  return person.name?.trim() ? memberName(person.name) : person.email;
}

/** A person where both must show (a dialog naming who is affected): 'Name (address)', or the address alone. */
export function personWithEmail(person: {name: string | null; email: string}): string {
  return person.name?.trim() ? `${memberName(person.name)} (${person.email})` : person.email;
}
