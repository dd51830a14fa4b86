// Submissions stored for existing accounts, as the submit route stores them: a sandbox and a production one per
// account (its team's, or its own without a team), each through one of the owner's keys.
import type {TestContext} from '../helpers/app.js';
import {resolveSecretKey} from '../../src/lib/secret-key.js';
import {ownerFilter, type KeyOwner} from '../../src/repositories/api-keys-repository.js';
import {recordSubmission, submissionsBox} from '../../src/services/submissions.js';
import {NEW_PATIENT, PRIVATE_ANSWERS} from './submissions-helpers.js';

/** Answers the ids stored, per account in the order given: [sandbox, production]. */
export async function seedSubmissions(ctx: TestContext, emails: readonly string[]): Promise<string[][]> {
  const {app, config} = ctx;
  const service = {db: app.db, box: submissionsBox(await resolveSecretKey(config.secretKey, config.dataDir)), config};
  const ids: string[][] = [];
  for (const email of emails) {
    const user = await app.db
      .selectFrom('users')
      .leftJoin('team_members', 'team_members.user_id', 'users.id')
      .select(['users.id', 'team_members.team_id'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    const owner: KeyOwner = user.team_id ? {teamId: user.team_id} : {userId: user.id};
    const [column, ownerId] = ownerFilter(owner);
    const key = await app.db.selectFrom('api_keys').select('id').where(column, '=', ownerId).executeTakeFirstOrThrow();
    const stored: string[] = [];
    for (const keyType of ['sandbox', 'production'] as const) {
      const {id} = await recordSubmission(service, {
        owner,
        keyId: key.id,
        keyType,
        env: keyType === 'sandbox' ? 'sandbox' : 'pro',
        sessionId: crypto.randomUUID(),
        origin: 'https://clinic.example',
        flow: NEW_PATIENT,
        answers: PRIVATE_ANSWERS,
      });
      stored.push(id);
    }
    ids.push(stored);
  }
  return ids;
}
