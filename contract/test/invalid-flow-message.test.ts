import {describe, expect, it} from 'vitest';
import {invalidFlowMessage} from '../src/flow-refusals.js';

const page = 'https://portal.example/dashboard/flows';
const builtIn = 'new-patient, annual-checkup, telehealth-consent, symptom-check, medication-review';

describe('invalidFlowMessage', () => {
  it('without team flows: the built-in ids, as before', () => {
    expect(invalidFlowMessage('nope', page)).toBe(
      `There is no flow "nope". Use one of ${builtIn}; the Flows page lists them: ${page}`,
    );
  });

  it("names the team's published flows (five, then how many more) before the built-in ones", () => {
    const team = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(invalidFlowMessage('nope', page, team)).toBe(
      `There is no flow "nope". Use one of your flows (a, b, c, d, e and 2 more) or of ${builtIn}; the Flows page lists them: ${page}`,
    );
  });

  it('says why a team flow serves no session: archived, never published, no such version', () => {
    expect(invalidFlowMessage('intake', page, ['other'], {kind: 'archived'})).toMatch(
      /^The flow "intake" is archived: it serves no new sessions\. Use one of your flows \(other\) or of /,
    );
    expect(invalidFlowMessage('intake', page, [], {kind: 'unpublished'})).toMatch(
      /^The flow "intake" has no published version yet\. Use one of new-patient/,
    );
    expect(invalidFlowMessage('intake', page, ['intake'], {kind: 'noVersion', version: 7, latest: 3})).toMatch(
      /^The flow "intake" has no version 7 \(its latest is 3\)\. Use one of your flows \(intake\)/,
    );
  });

  it('shortens a long id', () => {
    expect(invalidFlowMessage('x'.repeat(100), page)).toContain(`"${'x'.repeat(64)}…"`);
  });
});
