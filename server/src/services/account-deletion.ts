// Deleting an account in one transaction. A team keeps working without its owner:
// ownership passes to the oldest admin, else the oldest member; a team left empty is deleted.
import type {Db} from '../db/connect.js';
import {deleteTeam, setRole, successorsOf} from '../repositories/teams-repository.js';
import {deleteUser, type UserWithTeam} from '../repositories/users-repository.js';

export async function deleteAccount(db: Db, user: UserWithTeam): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const team = user.team;
    if (team) {
      const successors = await successorsOf(trx, team.id, user.id);
      const heir = successors[0];
      if (!heir) await deleteTeam(trx, team.id);
      else if (team.role === 'owner') {
        // Remove the owner first: one owner per team is enforced by a unique index.
        await deleteUser(trx, user.id);
        await setRole(trx, team.id, heir.user_id, 'owner');
        return;
      }
    }
    await deleteUser(trx, user.id);
  });
}
