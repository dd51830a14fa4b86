// Shapes of /api/team/production-access.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {
  MONTHLY_INTAKE_VOLUMES,
  PLANS_MAX_LENGTH,
  PLANS_MIN_LENGTH,
  PRODUCTION_ACCESS_STATES,
} from '../production-access.js';
import {literalUnion, Timestamp} from './common.js';

export const MonthlyIntakes = literalUnion(MONTHLY_INTAKE_VOLUMES, {
  description: 'Intake sessions a month the team expects once live',
});

// Free text that reaches the operator's inbox: any characters but control characters other than line breaks and tabs.
const Plans = Type.String({
  minLength: PLANS_MIN_LENGTH,
  maxLength: PLANS_MAX_LENGTH,
  pattern: '^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]*$',
  description: `What the clinic plans to do with IntakeKit, ${PLANS_MIN_LENGTH} to ${PLANS_MAX_LENGTH} characters; line breaks and tabs allowed, other control characters not`,
});

export const ProductionAccessBody = Type.Object({plans: Plans, monthlyIntakes: MonthlyIntakes});
export type ProductionAccessBody = Static<typeof ProductionAccessBody>;

export const ProductionAccessResponse = Type.Object({
  status: literalUnion(PRODUCTION_ACCESS_STATES, {
    description:
      "'ready': production keys can be created; 'pending': the owner asked and the operator has not answered",
  }),
  request: Type.Union(
    [
      Type.Object({
        requestedAt: Timestamp,
        /** Who asked; null once that account is deleted. */
        requestedBy: Type.Union([
          Type.Object({name: Type.Union([Type.String(), Type.Null()]), email: Type.String()}),
          Type.Null(),
        ]),
        plans: Type.String(),
        monthlyIntakes: MonthlyIntakes,
      }),
      Type.Null(),
    ],
    {description: 'The latest request, pending or granted; null when none was made'},
  ),
});
export type ProductionAccessResponse = Static<typeof ProductionAccessResponse>;
