// Each submission names the flow and the version its patient answered. A flow's questions cannot change under a
// version already stored: change them, and this test asks for the version to move (then record the new pair here).
import {describe, expect, it} from 'vitest';
import {FLOWS} from '../src/flow-catalogue.js';

/** Each built-in flow's version, and a fingerprint of the questions it stands for. */
const RECORDED: Record<string, {version: string; questions: string}> = {
  'new-patient': {version: '1', questions: 'ca7bfba04b7bfb38'},
  'annual-checkup': {version: '1', questions: '58563e996a110d79'},
  'telehealth-consent': {version: '1', questions: '1c520e5a2004e643'},
  'symptom-check': {version: '1', questions: '57e54e2d588ee330'},
  'medication-review': {version: '1', questions: '2d6b924d72c93ffa'},
};

/** FNV-1a, 64 bits, of the questions' JSON (the contract's tests run without Node's crypto). */
function fingerprint(questions: unknown): string {
  let hash = 0xcbf29ce484222325n;
  for (const char of JSON.stringify(questions)) {
    hash ^= BigInt(char.codePointAt(0)!);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('built-in flow versions', () => {
  it('move whenever the questions change', () => {
    for (const flow of FLOWS) {
      const recorded = RECORDED[flow.id];
      const now = {version: flow.version, questions: fingerprint(flow.questions)};
      if (recorded && now.questions !== recorded.questions) {
        expect(now.version, `${flow.id}'s questions changed: give it a new version`).not.toBe(recorded.version);
      }
      expect(now, `${flow.id}: record its version and fingerprint here`).toEqual(recorded);
    }
  });
});
