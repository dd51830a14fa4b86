import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {SrOnly} from '@site/src/components/data-table';
import {PageHeader} from '@site/src/components/panel';
import type {KeyType} from '@site/src/lib/api/keys';
import type {User} from '@site/src/stores/auth-store';
import {LOCKED_HINT, lockedProps} from '../lib/messages';
import ProductionDialog from './production-dialog';
import styles from './keys-header.module.css';

interface Props {
  user: User | null;
  verified: boolean;
  /** id of the element that says why the buttons are disabled. */
  lockedHintId: string;
  /** The key type being created, if one is. */
  creating: KeyType | null;
  onCreateSandbox: () => void;
  /** Once the team has production access; before, the button explains why it cannot (the spec's dialog). */
  onCreateProduction: (() => void) | null;
  /** The team's owner may ask for production access from the dialog (null: they cannot, or already did). */
  onRequestAccess: (() => void) | null;
}

function ButtonMark({busy}: {busy: boolean}): ReactNode {
  return busy ? <span className={styles.buttonSpinner} aria-hidden="true" /> : <span aria-hidden="true">+</span>;
}

/** The page's heading with its two create buttons (disabled, with the reason, until the email is verified). */
export default function KeysHeader({
  user,
  verified,
  lockedHintId,
  creating,
  onCreateSandbox,
  onCreateProduction,
  onRequestAccess,
}: Props): ReactNode {
  const [productionOpen, setProductionOpen] = useState(false);
  const locked = lockedProps(verified, lockedHintId);
  return (
    <>
      <PageHeader
        title="API Keys"
        description={
          user?.team ? (
            <>
              Keys authenticate the IntakeKit SDK. They are shared by everyone in{' '}
              <Link to="/team" className={styles.teamLink}>
                {user.team.name}
              </Link>
              .
            </>
          ) : (
            'Keys authenticate the IntakeKit SDK in your app. Start with a sandbox key.'
          )
        }
        actions={
          <>
            <button
              type="button"
              className={clsx('button button--primary', styles.headerButton)}
              onClick={onCreateSandbox}
              disabled={!verified || creating !== null}
              aria-busy={creating === 'sandbox' || undefined}
              {...locked}
            >
              <ButtonMark busy={creating === 'sandbox'} />
              {creating === 'sandbox' ? 'Creating...' : 'Create Sandbox Key'}
            </button>
            <button
              type="button"
              className={clsx('button button--secondary', styles.headerButton)}
              onClick={onCreateProduction ?? (() => setProductionOpen(true))}
              disabled={!verified || creating !== null}
              aria-busy={creating === 'production' || undefined}
              {...locked}
            >
              {onCreateProduction ? <ButtonMark busy={creating === 'production'} /> : null}
              {creating === 'production' ? 'Creating...' : 'Create Production Key'}
            </button>
          </>
        }
      />
      <SrOnly id={lockedHintId}>{verified ? '' : LOCKED_HINT}</SrOnly>
      <ProductionDialog
        open={productionOpen}
        onClose={() => setProductionOpen(false)}
        onRequestAccess={
          onRequestAccess &&
          (() => {
            setProductionOpen(false);
            onRequestAccess();
          })
        }
      />
    </>
  );
}
