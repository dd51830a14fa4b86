/** The password strength helper of spec §5, over the contract's password rule. */
import {isLongEnough, passwordClasses} from '@intakekit/contract/password-policy';

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordChecks {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  number: boolean;
  symbol: boolean;
}

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: StrengthLabel;
  checks: PasswordChecks;
}

export function passwordChecks(password: string): PasswordChecks {
  return {length: isLongEnough(password), ...passwordClasses(password)};
}

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 1) return 'Weak';
  if (score === 2) return 'Fair';
  if (score === 3) return 'Good';
  return 'Strong';
}

export function passwordStrength(password: string): PasswordStrength {
  const checks = passwordChecks(password);
  const passed = Object.values(checks).filter(Boolean).length;
  let score = 0;
  if (checks.length) score += 1;
  if (passed >= 2) score += 1;
  if (passed >= 3) score += 1;
  if (passed >= 4 && password.length >= 12) score += 1;
  const bounded = Math.min(score, 4) as PasswordStrength['score'];
  return {score: bounded, label: strengthLabel(bounded), checks};
}

/** The checklist lines, in the order and words of spec §5. */
export function passwordChecklist(password: string): {label: string; met: boolean}[] {
  const checks = passwordChecks(password);
  return [
    {label: 'at least 10 characters', met: checks.length},
    {label: 'one uppercase letter', met: checks.uppercase},
    {label: 'one lowercase letter', met: checks.lowercase},
    {label: 'one number or symbol', met: checks.number || checks.symbol},
  ];
}
