// How long submissions are kept: per owner and environment (sandbox 7 days, production 30 by default, 1 to 90 when
// set), then deleted by the housekeeping job (run here under its lock, as a tick runs it, on the test clock).
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import type {KeyType} from '@intakekit/contract/api-keys';
import {RETENTION_DAYS_DEFAULT} from '@intakekit/contract/submissions';
import {build} from '../helpers/app.js';
import {readSubmission, retentionDays, setRetentionDays} from '../../src/services/submissions.js';
import {clinic, PRIVATE_ANSWERS, PRIVATE_NOTE} from './submissions-helpers.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function purged(app: FastifyInstance): Promise<number> {
  const outcome = await app.scheduler.run('housekeeping');
  if (!outcome.ran) throw new Error('housekeeping did not run');
  return outcome.result.submissions!;
}

describe('submission retention', () => {
  it('defaults to 7 days in sandbox and 30 in production, and takes 1 to 90 whole days per owner', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const solo = await clinic(ctx, 'solo@example.com');
    expect(RETENTION_DAYS_DEFAULT).toEqual({sandbox: 7, production: 30});
    expect(await retentionDays(ctx.app.db, acme.owner)).toEqual({sandbox: 7, production: 30});

    await setRetentionDays(ctx.app.db, ctx.config, acme.owner, 'sandbox', 1);
    await setRetentionDays(ctx.app.db, ctx.config, acme.owner, 'production', 90);
    await setRetentionDays(ctx.app.db, ctx.config, solo.owner, 'production', 45);
    expect(await retentionDays(ctx.app.db, acme.owner)).toEqual({sandbox: 1, production: 90});
    expect(await retentionDays(ctx.app.db, solo.owner)).toEqual({sandbox: 7, production: 45});
    await setRetentionDays(ctx.app.db, ctx.config, acme.owner, 'sandbox', 14);
    expect(await retentionDays(ctx.app.db, acme.owner)).toEqual({sandbox: 14, production: 90});

    for (const days of [0, 91, 1.5, -7, Number.NaN]) {
      await expect(setRetentionDays(ctx.app.db, ctx.config, acme.owner, 'sandbox', days), String(days)).rejects.toThrow(
        RangeError,
      );
    }
    expect(await retentionDays(ctx.app.db, acme.owner)).toEqual({sandbox: 14, production: 90});
  });

  it('purges each submission once its owner’s retention for its environment has passed, and nothing sooner', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const other = await clinic(ctx, 'other@example.com', 'Other Clinic');
    await setRetentionDays(ctx.app.db, ctx.config, other.owner, 'sandbox', 2);
    const sandbox = await acme.submit();
    const production = await acme.submit({keyType: 'production', env: 'pro'});
    const otherSandbox = await other.submit();

    ctx.clock.advance(2 * DAY - MINUTE);
    expect(await purged(ctx.app)).toBe(0);
    ctx.clock.advance(MINUTE);
    expect(await purged(ctx.app)).toBe(1);
    expect(await readSubmission(other.service, other.owner, otherSandbox.id)).toBeUndefined();

    ctx.clock.advance(5 * DAY - MINUTE);
    expect(await purged(ctx.app)).toBe(0);
    ctx.clock.advance(MINUTE);
    expect(await purged(ctx.app)).toBe(1);
    expect(await readSubmission(acme.service, acme.owner, sandbox.id)).toBeUndefined();
    expect(await readSubmission(acme.service, acme.owner, production.id)).toBeDefined();

    ctx.clock.advance(23 * DAY);
    expect(await purged(ctx.app)).toBe(1);
    expect(await ctx.app.db.selectFrom('submissions').select('id').execute()).toEqual([]);
  });

  it('follows a retention changed after the submission was made', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const {id} = await acme.submit({keyType: 'production', env: 'pro'});
    ctx.clock.advance(3 * DAY);
    expect(await purged(ctx.app)).toBe(0);
    await setRetentionDays(ctx.app.db, ctx.config, acme.owner, 'production', 3);
    expect(await purged(ctx.app)).toBe(1);
    expect(await readSubmission(acme.service, acme.owner, id)).toBeUndefined();
  });
});

describe('answers in logs', () => {
  it('are never written while submissions are stored, refused, read, purged or fail', async () => {
    const ctx = await build({env: {LOG_LEVEL: 'trace'}});
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const {id} = await acme.submit();
    await acme.submit({answers: {...PRIVATE_ANSWERS, visitReason: PRIVATE_NOTE}}).catch(() => {});
    await readSubmission(acme.service, acme.owner, id);
    ctx.clock.advance(8 * DAY);
    expect(await purged(ctx.app)).toBe(1);
    // A refused row: the database's error quotes the failing row, whose answers are sealed. Logged as the error
    // handler logs a 500.
    const failure = await acme.submit({keyType: 'staging' as KeyType}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    ctx.app.log.error({err: failure}, 'request failed');

    expect(ctx.logs.lines.length).toBeGreaterThan(0);
    for (const text of [PRIVATE_NOTE, 'Recurring', '1961-07-23']) expect(ctx.logs.text).not.toContain(text);
  });
});
