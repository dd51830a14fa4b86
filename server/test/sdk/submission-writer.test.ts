// The SDK's submits that arrive together are stored in one statement (one commit): each patient is still answered
// with their own submission, only once it is stored, a repeat finds the first, and a row the database refuses fails
// that submit alone.
import crypto from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {METRICS_TOKEN} from '../helpers/metrics.js';
import {startSdkSession, submitSdkAnswers} from '../helpers/sdk-session.js';
import {clinic, PRIVATE_ANSWERS} from '../submissions/submissions-helpers.js';
import {SubmissionWriter} from '../../src/repositories/submission-writer.js';
import type {KeyedSubmissionRow} from '../../src/repositories/submission-inserts.js';

const ORIGIN = 'https://clinic.example';

function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

/** A keyed row as the submit writes it, sealed answers aside. */
const rowOf =
  (keyId: string, now: Date) =>
  (over: Partial<KeyedSubmissionRow> = {}): KeyedSubmissionRow => ({
    id: crypto.randomUUID(),
    key_id: keyId,
    key_type: 'sandbox',
    env: 'sandbox',
    flow_id: 'new-patient',
    flow_version: '1',
    session_id: crypto.randomUUID(),
    origin: ORIGIN,
    size: 2,
    answers_ciphertext: 'sealed',
    created_at: now,
    ...over,
  });

describe("the SDK's submits, written together", () => {
  it('40 patients submitting at once: each gets their own id once their row is stored, counted in /metrics', async () => {
    const ctx = await build({env: {METRICS_TOKEN}});
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const tokens = await Promise.all(
      Array.from({length: 40}, async () => {
        const res = await startSdkSession(ctx.app, acme.apiKey, {flowId: 'new-patient'}, ORIGIN);
        expect(res.statusCode).toBe(200);
        return res.json().sessionToken as string;
      }),
    );
    // The writer serves the database, which the test's earlier apps shared: count from here.
    const read = async () => {
      const res = await ctx.app.inject({url: '/metrics', headers: {authorization: `Bearer ${METRICS_TOKEN}`}});
      const text = res.body;
      return {
        writes: metric(text, 'intakekit_submission_writes_total'),
        statements: metric(text, 'intakekit_submission_statements_total'),
      };
    };
    const before = await read();
    const answers = await Promise.all(
      tokens.map((sessionToken) =>
        submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS}, ORIGIN),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(40).fill(201));
    const ids = answers.map((res) => res.json().submissionId as string);
    expect(new Set(ids).size).toBe(40);
    const rows = await ctx.app.db.selectFrom('submissions').select(['id', 'team_id']).execute();
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
    expect(rows.every((r) => 'teamId' in acme.owner && r.team_id === acme.owner.teamId)).toBe(true);

    const after = await read();
    expect(after.writes - before.writes).toBe(40);
    // PGlite runs a statement on the event loop itself, so HTTP submits rarely meet there; PostgreSQL's do.
    expect(after.statements - before.statements).toBeLessThanOrEqual(40);
  });

  it('submits that arrive while one is written go together in the next statement', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const row = rowOf(acme.keyId, ctx.clock.now());
    const writer = new SubmissionWriter(ctx.app.db);
    const rows = Array.from({length: 10}, () => row());
    const stored = await Promise.all(rows.map((r) => writer.write(r)));
    expect(stored.map((s) => [s.id, s.created])).toEqual(rows.map((r) => [r.id, true]));
    // The first alone, at once; the nine that came while it was written, in one.
    expect(writer.counts).toEqual({statements: 2, submissions: 10});
    const ids = (await ctx.app.db.selectFrom('submissions').select('id').execute()).map((r) => r.id);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.id)));
  });

  it('one statement with a row the database refuses: that submit fails alone, a repeated session finds the first', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const row = rowOf(acme.keyId, ctx.clock.now());
    const writer = new SubmissionWriter(ctx.app.db);
    const first = row();
    const repeat = row({session_id: first.session_id});
    const others = [row(), row()];
    // A key that no longer exists: its row breaks the statement it shares.
    const orphan = row({key_id: crypto.randomUUID()});
    const lone = writer.write(row());
    const together = [first, repeat, orphan, ...others].map((r) => writer.write(r));
    const settled = await Promise.allSettled([lone, ...together]);

    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const [, stored, repeated, , ...rest] = settled.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    expect(stored).toMatchObject({id: first.id, created: true});
    expect(repeated).toMatchObject({id: first.id, created: false});
    expect(rest.map((s) => s?.created)).toEqual([true, true]);
    const rows = await ctx.app.db.selectFrom('submissions').select('id').execute();
    expect(rows).toHaveLength(4);
  });
});
