// Team flows written straight to the tables (migration 025), as the flows API stores them: the SDK's tests need a
// flow, its versions and its archive, not the routes that make them (server/test/flows/ tests those).
import {sql} from 'kysely';
import type {Questionnaire} from '@medplum/fhirtypes';
import type {FastifyInstance} from 'fastify';
import type {Db} from '../../src/db/connect.js';
import {ownerColumns, type KeyOwner} from '../../src/repositories/api-keys-repository.js';

const jsonb = (document: unknown) => sql<Questionnaire>`${JSON.stringify(document)}::jsonb`;

/** A flow with this draft, never published; answers its row id. */
export async function seedFlow(db: Db, owner: KeyOwner, flowId: string, draft: object): Promise<string> {
  const now = new Date('2026-01-15T09:00:00.000Z');
  const row = await db
    .insertInto('flows')
    .values({...ownerColumns(owner), flow_id: flowId, draft: jsonb(draft), draft_updated_at: now, created_at: now})
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Publishes `document` as the flow's next version (and makes it the draft); answers once `app` has heard the change
 * (on PostgreSQL its notice reaches the process a moment after the commit, as the flows API's answer waits for).
 */
export async function publish(app: FastifyInstance, flowRowId: string, document: object): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('flows')
      .set({draft: jsonb(document)})
      .where('id', '=', flowRowId)
      .execute();
    await sql`
      INSERT INTO flow_versions (flow, number, document, published_at, note)
      SELECT ${flowRowId}::uuid, coalesce(max(number), 0) + 1, ${JSON.stringify(document)}::jsonb, now(), ''
        FROM flow_versions WHERE flow = ${flowRowId}::uuid
    `.execute(trx);
  });
  await app.changeFeed.caughtUp();
}

export async function saveDraft(app: FastifyInstance, flowRowId: string, document: object): Promise<void> {
  await app.db
    .updateTable('flows')
    .set({draft: jsonb(document)})
    .where('id', '=', flowRowId)
    .execute();
  await app.changeFeed.caughtUp();
}

export async function setArchived(app: FastifyInstance, flowRowId: string, archived: boolean): Promise<void> {
  const archivedAt = archived ? new Date('2026-01-15T10:00:00.000Z') : null;
  await app.db.updateTable('flows').set({archived_at: archivedAt}).where('id', '=', flowRowId).execute();
  await app.changeFeed.caughtUp();
}

/** The claims a session token carries (readable by design: lib/session-token.ts). */
export function tokenClaims(token: string): {f: string; v: string} {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {f: string; v: string};
}

/**
 * A flow with a follow-up under a question (shown when the answer is yes), a group, an item the widget skips, and a
 * group shown only when the answer is no.
 */
export const INTAKE = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Intake',
  item: [
    {
      linkId: 'meds',
      type: 'boolean',
      text: 'Do you take any medication?',
      required: true,
      item: [
        {
          linkId: 'which',
          type: 'string',
          text: 'Which medication?',
          required: true,
          maxLength: 200,
          enableWhen: [{question: 'meds', operator: '=', answerBoolean: true}],
        },
      ],
    },
    {
      linkId: 'about',
      type: 'group',
      text: 'About you',
      item: [
        {linkId: 'kids', type: 'integer', text: 'How many children do you have?'},
        {
          linkId: 'mood',
          type: 'choice',
          text: 'How is your mood?',
          answerOption: [
            {valueCoding: {system: 'http://example.org/mood', code: 'good', display: 'Good'}},
            {valueCoding: {system: 'http://example.org/mood', code: 'low', display: 'Low'}},
          ],
        },
        {linkId: 'wake', type: 'time', text: 'When do you wake up?'},
        {linkId: 'scan', type: 'attachment', text: 'A scan of your card'},
      ],
    },
    {
      linkId: 'later',
      type: 'group',
      enableWhen: [{question: 'meds', operator: '=', answerBoolean: false}],
      item: [{linkId: 'why', type: 'string', text: 'Would you like to talk about medication?'}],
    },
  ],
};

/** Version 2: one more question. */
export const INTAKE_V2 = {
  ...INTAKE,
  title: 'Intake (2)',
  item: [...INTAKE.item, {linkId: 'born', type: 'date', text: 'When were you born?'}],
};

/** A question with an item of its own that shows whether or not it is answered, beside a group. */
export const HABITS = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    {
      linkId: 'smoke',
      type: 'boolean',
      text: 'Do you smoke?',
      item: [{linkId: 'note', type: 'string', text: 'Anything to add?'}],
    },
    {linkId: 'about', type: 'group', text: 'About you', item: [{linkId: 'age', type: 'integer', text: 'Age'}]},
  ],
};
