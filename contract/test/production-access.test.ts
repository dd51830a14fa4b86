// The production access request's rules, as the form and the API both state them.
import {describe, expect, it} from 'vitest';
import {Value} from 'typebox/value';
import {ERROR_CATALOGUE} from '../src/errors.js';
import {MONTHLY_INTAKE_LABELS, MONTHLY_INTAKE_VOLUMES, PLANS_MIN_LENGTH} from '../src/production-access.js';
import {ProductionAccessBody} from '../src/schemas/production-access.js';

describe('a production access request', () => {
  it("the too-short message states the schema's own minimum", () => {
    expect(ERROR_CATALOGUE.PRODUCTION_PLANS_TOO_SHORT.message).toContain(`at least ${PLANS_MIN_LENGTH} characters`);
    const plans = 'x'.repeat(PLANS_MIN_LENGTH);
    expect(Value.Check(ProductionAccessBody, {plans, monthlyIntakes: 'up-to-1k'})).toBe(true);
    expect(Value.Check(ProductionAccessBody, {plans: plans.slice(1), monthlyIntakes: 'up-to-1k'})).toBe(false);
  });

  it('takes line breaks in the plans but no other control character, and only the listed volumes', () => {
    const plans = 'Line one of the plans.\r\nLine two\twith a tab.';
    expect(Value.Check(ProductionAccessBody, {plans, monthlyIntakes: 'over-100k'})).toBe(true);
    expect(Value.Check(ProductionAccessBody, {plans: `${plans}\u0000`, monthlyIntakes: 'over-100k'})).toBe(false);
    expect(Value.Check(ProductionAccessBody, {plans, monthlyIntakes: 'lots'})).toBe(false);
    expect(Object.keys(MONTHLY_INTAKE_LABELS)).toEqual([...MONTHLY_INTAKE_VOLUMES]);
  });
});
