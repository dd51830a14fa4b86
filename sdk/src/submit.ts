import {SUBMISSION_CODES} from '@intakekit/contract/submission-errors';
import {keyRefusal} from './api';
import {IntakeKitError} from './errors';
import {apiMessage, postJson, refusal} from './http';
import type {Answers, Environment, Question} from './types';

export interface SubmitRequest {
  apiBase: string;
  apiKey: string;
  env: Environment;
  sessionToken: string;
  answers: Answers;
  /** The config's questions, as the session call sent them; null when the flow's own were asked. */
  questions: Question[] | null;
  signal?: AbortSignal;
}

/** `POST {apiBase}/api/sdk/submissions`: resolves once the API has stored the answers (or had them already). */
export async function submitAnswers(request: SubmitRequest): Promise<{submissionId: string}> {
  const {apiBase, apiKey, env, sessionToken, answers, questions, signal} = request;
  // The config's questions again, as the session call sent them: the token carries their digest.
  const body = {sessionToken, answers, ...(questions && {questions})};
  const answer = await postJson(apiBase, '/api/sdk/submissions', apiKey, body, signal);
  if (!answer.ok) {
    const code = answer.error.code;
    // The API's words: INVALID_ANSWERS names each refused question id and its rule, never an answer.
    if (code === 'INVALID_SESSION' || code === 'INVALID_ANSWERS')
      throw new IntakeKitError(code, apiMessage(answer, SUBMISSION_CODES[code].message));
    throw keyRefusal(answer, env, 'this key has sent too many answers for now.') ?? refusal(answer, 'SUBMIT_REFUSED');
  }
  if (typeof answer.data.submissionId !== 'string')
    throw new IntakeKitError('SERVER_ERROR', 'the IntakeKit API answered the submit without a submissionId.');
  return {submissionId: answer.data.submissionId};
}
