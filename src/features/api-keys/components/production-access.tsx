import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {User} from '@site/src/stores/auth-store';
import type {ProductionAccess} from '../api/production-access';
import LocalDate from './local-date';
import styles from './production-access.module.css';

interface Props {
  user: User;
  access: ProductionAccess | undefined;
  failed: boolean;
  onRequest: () => void;
}

const GUIDE = <Link to="/dashboard/going-live#production-access">How going live works</Link>;

function describe({user, access, failed}: Omit<Props, 'onRequest'>): ReactNode {
  const team = user.team;
  if (!team) return 'Production keys belong to a team: once you are in one, its owner can request production access.';
  if (failed) return 'Production access could not be checked. Reload the page to try again.';
  if (!access) return 'Checking production access...';
  if (access.status === 'ready')
    return `${team.name} has production access: everyone in the team can create production keys.`;
  if (access.status === 'pending' && access.request) {
    const who = access.request.requestedBy;
    return (
      <>
        Production access requested on <LocalDate iso={access.request.requestedAt} dayOnly />
        {who ? ` by ${who.name ?? who.email}` : ''}. We will email the owner when it is ready.
      </>
    );
  }
  return team.role === 'owner'
    ? `Production keys need production access for ${team.name}: tell us what the clinic plans, and we email you when it is ready.`
    : `Production keys need production access, which the owner of ${team.name} can request on this page.`;
}

/** Where the team stands on production keys, with the owner's way to ask for them. */
export default function ProductionAccessLine({user, access, failed, onRequest}: Props): ReactNode {
  const canRequest = user.team?.role === 'owner' && access?.status === 'not-requested';
  return (
    <section
      className={styles.access}
      aria-label="Production access"
      aria-busy={!access && !failed && Boolean(user.team)}
    >
      <p>
        {describe({user, access, failed})} {GUIDE}
      </p>
      {canRequest ? (
        <button type="button" className="button button--secondary button--sm" onClick={onRequest}>
          Request production access
        </button>
      ) : null}
    </section>
  );
}
