/** The password strength meter (score 0-4, Weak to Strong), over the contract's password rule and common list. */
import {hasClassMix, isLongEnough, meetsPasswordRule, passwordClasses} from '@intakekit/contract/password-policy';
import {isKnownCommonPassword} from './common-password-list';

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong' | 'Too common';

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
  // A password the API would refuse never reads better than Weak: the meter, the checklist and the answer agree.
  if (!meetsPasswordRule(password)) score = Math.min(score, 1);
  const common = isKnownCommonPassword(password);
  if (common) score = Math.min(score, 1);
  const bounded = Math.min(score, 4) as PasswordStrength['score'];
  return {score: bounded, label: common ? 'Too common' : strengthLabel(bounded), checks};
}

export interface ChecklistLine {
  label: string;
  met: boolean;
  /** The kinds of character under 'at least 2 of these kinds', each ticked when present. */
  kinds?: {label: string; met: boolean}[];
}

/**
 * The checklist: the rule the API enforces, line by line (at least 10 characters; at least 2 of the 4 kinds of
 * character; not on the common list, met once something is typed that the list, when loaded, does not hold), the
 * kinds listed under the second line. The product's lines put number and symbol on one line, which
 * counted as one kind while the rule counts two; each kind has its own line so the ticks add up to the rule.
 */
export function passwordChecklist(password: string): ChecklistLine[] {
  const checks = passwordChecks(password);
  return [
    {label: 'at least 10 characters', met: checks.length},
    {
      label: 'at least 2 of these kinds of character:',
      met: hasClassMix(password),
      kinds: [
        {label: 'one uppercase letter', met: checks.uppercase},
        {label: 'one lowercase letter', met: checks.lowercase},
        {label: 'one number', met: checks.number},
        {label: 'one symbol', met: checks.symbol},
      ],
    },
    {label: 'not a commonly used password', met: password.length > 0 && !isKnownCommonPassword(password)},
  ];
}
