// A key's owner with a sandbox key, and the submissions service over the test app's database: what the submit and
// read routes will call, driven here directly.
import {exampleAnswers} from '@intakekit/contract/answers';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import {authed, signedIn} from '../helpers/accounts.js';
import type {TestContext} from '../helpers/app.js';
import {resolveSecretKey} from '../../src/lib/secret-key.js';
import type {KeyOwner} from '../../src/repositories/api-keys-repository.js';
import {
  recordSubmission,
  submissionsBox,
  type NewSubmission,
  type SubmissionsContext,
} from '../../src/services/submissions.js';

export const NEW_PATIENT = findFlow('new-patient')!;

/** Answers whose text is easy to look for in a dump or a log, and would be harmful to find there. */
export const PRIVATE_NOTE = 'Recurring chest pain after my chemotherapy';
export const PRIVATE_ANSWERS = {...exampleAnswers(NEW_PATIENT), notes: PRIVATE_NOTE, dateOfBirth: '1961-07-23'};

export interface Clinic {
  /** The signed-in session of the account that made the key. */
  session: string;
  owner: KeyOwner;
  keyId: string;
  /** The sandbox key's value, as a page presents it. */
  apiKey: string;
  service: SubmissionsContext;
  /** Records a submission of new-patient through this clinic's key; `input` overrides any part. */
  submit(input?: Partial<NewSubmission>): ReturnType<typeof recordSubmission>;
}

/** Signs up `email` (with a team when `teamName` is given) and creates a sandbox key. */
export async function clinic(ctx: TestContext, email: string, teamName?: string): Promise<Clinic> {
  const {app, mail, config} = ctx;
  const token = await signedIn(app, mail, email, teamName === undefined ? {} : {teamName});
  const {key, apiKey} = (await authed(app, token, 'POST', '/api/keys/sandbox')).json() as {
    key: {id: string};
    apiKey: string;
  };
  const row = await app.db
    .selectFrom('api_keys')
    .select(['team_id', 'user_id'])
    .where('id', '=', key.id)
    .executeTakeFirstOrThrow();
  const owner: KeyOwner = row.team_id ? {teamId: row.team_id} : {userId: row.user_id!};
  const service = {
    db: app.db,
    box: submissionsBox(await resolveSecretKey(config.secretKey, config.dataDir)),
    config,
  };
  return {
    session: token,
    owner,
    keyId: key.id,
    apiKey,
    service,
    submit: (input = {}) =>
      recordSubmission(service, {
        owner,
        keyId: key.id,
        keyType: 'sandbox',
        env: 'sandbox',
        sessionId: crypto.randomUUID(),
        origin: 'https://clinic.example',
        flow: NEW_PATIENT,
        answers: PRIVATE_ANSWERS,
        ...input,
      }),
  };
}
