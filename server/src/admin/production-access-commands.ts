// The operator's production access commands: list the waiting requests, grant or withdraw a team's access.
import {MONTHLY_INTAKE_LABELS} from '@intakekit/contract/production-access';
import type {Db} from '../db/connect.js';
import {pendingProductionRequests} from '../repositories/production-access-repository.js';
import {findTeam, setTeamProductionAccess, type ProductionAccessContext} from '../services/production-access.js';

export type Print = (line: string) => void;

export async function listRequests(db: Db, print: Print): Promise<void> {
  const waiting = await pendingProductionRequests(db);
  if (waiting.length === 0) {
    print('No production access request is waiting.');
    return;
  }
  for (const request of waiting) {
    print(
      `${request.team_id}  “${request.team_name}”  asked ${request.created_at.toISOString()} by ${request.requester_email ?? 'a deleted account'}`,
    );
    print(`  ${MONTHLY_INTAKE_LABELS[request.monthly_intakes]}`);
    for (const line of request.plans.split('\n')) print(`  | ${line}`);
  }
  print(`Grant one with: npm run admin -- production-ready <team id or owner email>`);
}

export async function setAccess(
  context: ProductionAccessContext,
  reference: string,
  ready: boolean,
  print: Print,
): Promise<void> {
  const team = await findTeam(context.db, reference);
  const changed = await setTeamProductionAccess(context, team, ready);
  const name = `“${team.name}” (${team.id}, owner ${team.owner_email})`;
  if (!changed) {
    print(ready ? `${name} already has production access.` : `${name} has no production access to withdraw.`);
    return;
  }
  print(
    ready
      ? `${name} can now create production keys. The owner is emailed.`
      : `Production access of ${name} is withdrawn: no new production keys. The owner is emailed.`,
  );
}
