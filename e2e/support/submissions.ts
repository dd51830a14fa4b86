/**
 * Submissions as a clinic's page makes them: the widget's two calls with its key (a session, then the answers on
 * the last step), from the page's origin, through the real API.
 */
import {API_URL} from './ports';
import {recordAuthorization, recordResponse} from './secrets';

/** The page the e2e submissions come from; a production key must allow it. */
export const CLINIC_ORIGIN = 'https://clinic.example';

async function sdkCall<T>(path: string, apiKey: string, body: unknown): Promise<T> {
  const authorization = `Bearer ${apiKey}`;
  recordAuthorization(authorization, `sdk ${path}`);
  const res = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', authorization, origin: CLINIC_ORIGIN},
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${path}: ${text}`);
  const result = JSON.parse(text) as T;
  recordResponse(result, null, `sdk ${path}`);
  return result;
}

/** A patient's answers to `flowId` sent through `apiKey` (env 'sandbox' or 'pro'); the submission's id. */
export async function submitAnswers(
  apiKey: string,
  answers: Record<string, unknown>,
  {flowId = 'new-patient', env = 'sandbox'}: {flowId?: string; env?: 'sandbox' | 'pro'} = {},
): Promise<string> {
  const session = await sdkCall<{sessionToken: string}>('/api/sdk/sessions', apiKey, {flowId, env});
  const {submissionId} = await sdkCall<{submissionId: string}>('/api/sdk/submissions', apiKey, {
    sessionToken: session.sessionToken,
    answers,
  });
  return submissionId;
}
