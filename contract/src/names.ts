// The rule for person and team names. Names reach other people under our name: an invitation email from our
// sender, a team list, the sidebar. So a name may not hide or reorder text (control characters, bidirectional
// marks, overrides and isolates, line and paragraph separators), and may not carry a web or email address that a
// reader, or a mail client making it clickable, would follow.
//
// What reads as an address: a scheme ('https://'), 'www.', an '@' between two characters, or a dotted name whose
// last part is two or more letters ('example.com', 'evil.test/x'). No list of top-level domains is consulted: new
// ones are delegated every year and a reader does not check; a list would also weigh on every form page. The
// price is that a dot between words needs a space after it: 'Dr. J. Smith', 'St. Mary's Clinic', 'J.R.R. Tolkien'
// and 'Ph.D.' pass, 'J.Smith' and 'Node.js' do not. No imports: the portal's forms use it too.

/** The characters a name may not hold, as the body of a regular-expression character class. */
const FORBIDDEN_CHARACTERS = '\\x00-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069';

/** A name without any forbidden character (the schemas' pattern; the address rule is nameProblem's). */
export const PERSON_NAME_PATTERN = `^[^${FORBIDDEN_CHARACTERS}]*$`;

/** The whole rule in words, for the API reference (which shows rules, never regular expressions). */
export const PERSON_NAME_RULE =
  'At most 80 characters. No control characters (U+0000 to U+001F, U+007F to U+009F), line or paragraph separators (U+2028, U+2029), or bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069); and nothing that reads as a web or email address: no scheme (https://), no www., no @ between two characters, no dotted name whose last part is two or more letters (example.com). A dot followed by a space is fine (Dr. J. Smith).';

const FORBIDDEN = new RegExp(`[${FORBIDDEN_CHARACTERS}]`);

// Full stops that browsers and some mail clients read as a dot in a host name; NFKC folds the other look-alikes.
const OTHER_DOTS = /[\u3002\uff61]/g;
// Invisible formatting characters (zero-width space, soft hyphen...) a reader does not see: 'exa\u200bmple.com'.
const INVISIBLE = /\p{Cf}/gu;
const ADDRESS_SHAPES = [
  /[a-z][a-z0-9+.-]*:\/\//i,
  /(?:^|[^\p{L}\p{N}])www\d{0,3}\./iu,
  /[^\s@]@[^\s@]/u,
  /xn--/i,
  // A label, a dot, and a last label of two or more letters that ends there ('example.com', 'evil.test/x').
  /[\p{L}\p{N}\p{M}]\.\p{L}[\p{L}\p{M}]+(?![\p{L}\p{N}\p{M}_-])/u,
  // A bare IPv4 address.
  /\d{1,3}(?:\.\d{1,3}){3}/,
];

export type NameProblem = 'NAME_INVISIBLE_CHARACTERS' | 'NAME_HAS_ADDRESS';

/** Why a name is refused (the error code whose message says so), or undefined when it is acceptable. */
export function nameProblem(name: string): NameProblem | undefined {
  if (FORBIDDEN.test(name)) return 'NAME_INVISIBLE_CHARACTERS';
  const seen = name.normalize('NFKC').replace(INVISIBLE, '').replace(OTHER_DOTS, '.');
  if (ADDRESS_SHAPES.some((shape) => shape.test(seen))) return 'NAME_HAS_ADDRESS';
  return undefined;
}
