// SQL for production access: the teams' requests and the operator's production-ready mark on teams.
import type {Db} from '../db/connect.js';
import type {ProductionRequestStatus} from '../db/production-access-tables.js';
import type {MonthlyIntakeVolume} from '@intakekit/contract/production-access';

export interface ProductionRequestRow {
  id: string;
  team_id: string;
  plans: string;
  monthly_intakes: MonthlyIntakeVolume;
  status: ProductionRequestStatus;
  created_at: Date;
  requester_name: string | null;
  requester_email: string | null;
}

function requests(db: Db) {
  return db
    .selectFrom('production_access_requests as r')
    .leftJoin('users', 'users.id', 'r.requested_by')
    .select([
      'r.id',
      'r.team_id',
      'r.plans',
      'r.monthly_intakes',
      'r.status',
      'r.created_at',
      'users.name as requester_name',
      'users.email as requester_email',
    ]);
}

/** The team's latest request, whatever its status. */
export async function latestProductionRequest(db: Db, teamId: string): Promise<ProductionRequestRow | undefined> {
  return requests(db).where('r.team_id', '=', teamId).orderBy('r.created_at', 'desc').limit(1).executeTakeFirst();
}

/** Requests the operator has not answered, oldest first. */
export async function pendingProductionRequests(db: Db): Promise<(ProductionRequestRow & {team_name: string})[]> {
  return requests(db)
    .innerJoin('teams', 'teams.id', 'r.team_id')
    .select('teams.name as team_name')
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at')
    .execute();
}

export async function insertProductionRequest(
  db: Db,
  request: {teamId: string; userId: string; plans: string; monthlyIntakes: MonthlyIntakeVolume; now: Date},
): Promise<void> {
  await db
    .insertInto('production_access_requests')
    .values({
      team_id: request.teamId,
      requested_by: request.userId,
      plans: request.plans,
      monthly_intakes: request.monthlyIntakes,
      created_at: request.now,
    })
    .execute();
}

export interface OperatorTeamRow {
  id: string;
  name: string;
  production_ready: boolean;
  owner_id: string;
  owner_email: string;
  owner_name: string | null;
}

/** A team as the operator names it: by its id, or by its owner's address. */
export async function findTeamForOperator(
  db: Db,
  reference: {teamId: string} | {ownerEmail: string},
): Promise<OperatorTeamRow | undefined> {
  const query = db
    .selectFrom('teams')
    .innerJoin('team_members', (join) =>
      join.onRef('team_members.team_id', '=', 'teams.id').on('team_members.role', '=', 'owner'),
    )
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'teams.id',
      'teams.name',
      'teams.production_ready',
      'users.id as owner_id',
      'users.email as owner_email',
      'users.name as owner_name',
    ]);
  return 'teamId' in reference
    ? query.where('teams.id', '=', reference.teamId).executeTakeFirst()
    : query.where('users.email', '=', reference.ownerEmail).executeTakeFirst();
}

/**
 * Marks the team ready (its waiting request, if any, becomes granted) or not ready (its waiting or granted
 * request, if any, becomes withdrawn, so the owner may ask again).
 */
export async function setProductionReady(db: Db, teamId: string, ready: boolean, now: Date): Promise<void> {
  await db.updateTable('teams').set({production_ready: ready}).where('id', '=', teamId).execute();
  await db
    .updateTable('production_access_requests')
    .set({status: ready ? 'granted' : 'withdrawn', decided_at: now})
    .where('team_id', '=', teamId)
    .where('status', 'in', ready ? ['pending'] : ['pending', 'granted'])
    .execute();
}
