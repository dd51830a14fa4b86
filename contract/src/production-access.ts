// Production access: a team's owner asks for it with what the clinic plans and the volume it expects; the operator
// reviews the request and marks the team production-ready (`npm run admin -- production-ready`). Production keys
// need that mark. No imports, so the portal's form reads it alone.

/** Intake sessions a month the team expects once live, as the request form offers them. */
export const MONTHLY_INTAKE_VOLUMES = ['up-to-1k', '1k-10k', '10k-100k', 'over-100k'] as const;
export type MonthlyIntakeVolume = (typeof MONTHLY_INTAKE_VOLUMES)[number];

export const MONTHLY_INTAKE_LABELS: Record<MonthlyIntakeVolume, string> = {
  'up-to-1k': 'Up to 1,000 intakes a month',
  '1k-10k': '1,000 to 10,000 intakes a month',
  '10k-100k': '10,000 to 100,000 intakes a month',
  'over-100k': 'More than 100,000 intakes a month',
};

/** What the clinic plans: enough for the operator to judge, short enough to read in an email. */
export const PLANS_MIN_LENGTH = 20;
export const PLANS_MAX_LENGTH = 2000;

/** Where a team stands: nothing asked, asked and waiting for the operator, or ready for production keys. */
export const PRODUCTION_ACCESS_STATES = ['not-requested', 'pending', 'ready'] as const;
export type ProductionAccessState = (typeof PRODUCTION_ACCESS_STATES)[number];
