// Production access: the owner of a team asks for it once (other members see where it stands), the operator
// grants or withdraws it from the command line (admin/production-access-command.ts), and each step is emailed and
// recorded in the team's activity log. Production keys need it (api-keys.ts).
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {
  findTeamForOperator,
  insertProductionRequest,
  latestProductionRequest,
  setProductionReady,
  type OperatorTeamRow,
} from '../repositories/production-access-repository.js';
import {isProductionReady, lockTeam} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {recordActivity} from './activity.js';
import type {MailSender} from './ports/mail-sender.js';
import {assertOwner, teamOf} from './team-access.js';
import {normalizeEmail} from '@intakekit/contract/email';
import {PLANS_MIN_LENGTH} from '@intakekit/contract/production-access';
import type {ProductionAccessBody, ProductionAccessResponse} from '@intakekit/contract/schemas/production-access';
import {VERIFY_EMAIL_FOR_PRODUCTION_ACCESS} from '@intakekit/contract/errors';
import {isUuid} from '../lib/uuid.js';

export interface ProductionAccessContext {
  db: Db;
  mailer: MailSender;
  config: Pick<Config, 'now' | 'portalUrl' | 'operatorEmail'>;
}

async function accessOf(db: Db, teamId: string): Promise<ProductionAccessResponse> {
  const [ready, latest] = await Promise.all([isProductionReady(db, teamId), latestProductionRequest(db, teamId)]);
  const shown = latest && latest.status !== 'withdrawn' ? latest : undefined;
  return {
    status: ready ? 'ready' : shown?.status === 'pending' ? 'pending' : 'not-requested',
    request: shown
      ? {
          requestedAt: shown.created_at.toISOString(),
          requestedBy: shown.requester_email ? {name: shown.requester_name, email: shown.requester_email} : null,
          plans: shown.plans,
          monthlyIntakes: shown.monthly_intakes,
        }
      : null,
  };
}

/** Where the caller's team stands (any member may see it). */
export async function showProductionAccess(db: Db, user: UserWithTeam): Promise<ProductionAccessResponse> {
  return accessOf(db, teamOf(user).id);
}

/** The owner's request: stored, and emailed to the operator when OPERATOR_EMAIL is set. */
export async function requestProductionAccess(
  {db, mailer, config}: ProductionAccessContext,
  user: UserWithTeam,
  body: ProductionAccessBody,
): Promise<ProductionAccessResponse> {
  const team = teamOf(user);
  assertOwner(team);
  if (!user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED', {message: VERIFY_EMAIL_FOR_PRODUCTION_ACCESS});
  const plans = body.plans.trim();
  if (plans.length < PLANS_MIN_LENGTH) throw new ApiError('PRODUCTION_PLANS_TOO_SHORT');
  await db.transaction().execute(async (trx) => {
    // One request at a time per team, whoever else asks at the same moment.
    await lockTeam(trx, team.id);
    if (await isProductionReady(trx, team.id)) throw new ApiError('PRODUCTION_ALREADY_READY');
    if ((await latestProductionRequest(trx, team.id))?.status === 'pending') {
      throw new ApiError('PRODUCTION_ACCESS_PENDING');
    }
    const now = config.now();
    await insertProductionRequest(trx, {
      teamId: team.id,
      userId: user.id,
      plans,
      monthlyIntakes: body.monthlyIntakes,
      now,
    });
    if (config.operatorEmail) {
      await mailer.enqueue(trx, config.operatorEmail, {
        kind: 'production-access-requested',
        teamName: team.name,
        teamId: team.id,
        ownerEmail: user.email,
        plans,
        monthlyIntakes: body.monthlyIntakes,
      });
    }
  });
  mailer.wake();
  return accessOf(db, team.id);
}

export class TeamNotFoundError extends Error {
  constructor(reference: string) {
    super(`No team has the id or owner address ${reference}.`);
    this.name = 'TeamNotFoundError';
  }
}

/** A team as the operator names it on the command line: its id, or its owner's email address. */
export async function findTeam(db: Db, reference: string): Promise<OperatorTeamRow> {
  const trimmed = reference.trim();
  const team = isUuid(trimmed)
    ? await findTeamForOperator(db, {teamId: trimmed.toLowerCase()})
    : await findTeamForOperator(db, {ownerEmail: normalizeEmail(trimmed)});
  if (!team) throw new TeamNotFoundError(trimmed);
  return team;
}

/**
 * The operator's answer: the team is marked ready (or not), its owner emailed and the change recorded in the team's
 * activity log. Answers false, and does nothing, when the team already stands where it is put.
 */
export async function setTeamProductionAccess(
  {db, mailer, config}: ProductionAccessContext,
  team: OperatorTeamRow,
  ready: boolean,
): Promise<boolean> {
  const pending = (await latestProductionRequest(db, team.id))?.status === 'pending';
  if (team.production_ready === ready && !(pending && !ready)) return false;
  await db.transaction().execute(async (trx) => {
    const now = config.now();
    await setProductionReady(trx, team.id, ready, now);
    await recordActivity(trx, now, {
      action: ready ? 'production-access.granted' : 'production-access.withdrawn',
      actor: null,
      teamId: team.id,
      target: {type: 'team', id: team.id, label: team.name},
      client: {userAgent: null, ipAddress: null},
    });
    await mailer.enqueue(trx, team.owner_email, {
      kind: ready ? 'production-access-granted' : 'production-access-withdrawn',
      name: team.owner_name,
      teamName: team.name,
      link: `${config.portalUrl}/api-keys`,
    });
  });
  mailer.wake();
  return true;
}
