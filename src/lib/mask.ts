/** Masking for display: email on the verify-email-sent page, API keys in the keys table. */
export {maskApiKey} from '@intakekit/contract/api-keys';

const star = (n: number) => '*'.repeat(Math.max(0, n));

function maskPart(part: string): string {
  if (part.length <= 1) return star(part.length);
  if (part.length === 2) return `${part[0]}*`;
  return `${part[0]}${star(part.length - 2)}${part[part.length - 1]}`;
}

/** `jane.doe@example.com` -> `j******e@example.com`: the domain stays readable so the user recognises the inbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskPart(email);
  return `${maskPart(email.slice(0, at))}${email.slice(at)}`;
}
