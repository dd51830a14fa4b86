// Person and team names follow contract/src/names.ts: the schemas' pattern refuses the characters, this the
// part a pattern cannot say well (what reads as a web or email address).
import {nameProblem} from '@intakekit/contract/names';
import {ApiError} from '../errors.js';

/** Throws the code that says why, for the first given name the rule refuses; absent names are fine. */
export function assertAcceptableNames(...names: Array<string | null | undefined>): void {
  for (const name of names) {
    const problem = name ? nameProblem(name) : undefined;
    if (problem) throw new ApiError(problem);
  }
}
