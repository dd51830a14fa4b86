import type {ReactNode} from 'react';
import clsx from 'clsx';
import DataTable, {Cell} from '@site/src/components/data-table';
import type {ServerKey} from '../../api/server-keys';
import {formatKeyType, formatStatus} from '../../lib/format';
import {MaskedKey} from '../key-table';
import LocalDate from '../local-date';
import styles from '../key-table.module.css';

const COLUMNS = ['Name', 'Environment', 'Server Key', 'Status', 'Created', 'Actions'] as const;

interface Props {
  keys: ServerKey[];
  /** Owners and admins (or a user without a team) with a verified email: roll and revoke are offered. */
  canManage: boolean;
  /** The key whose roll or revoke is in flight. */
  busyId: string | null;
  onRoll: (key: ServerKey) => void;
  onRevoke: (key: ServerKey) => void;
}

/** The server keys: name, environment, the key masked, status, created, and roll and revoke for active keys. */
export default function ServerKeyTable({keys, canManage, busyId, onRoll, onRevoke}: Props): ReactNode {
  return (
    <DataTable label="Your server keys" columns={COLUMNS}>
      {keys.map((key) => {
        const active = key.status === 'active';
        const busy = busyId === key.id;
        const action = {disabled: busy, 'aria-busy': busy || undefined};
        return (
          <tr role="row" key={key.id} className={clsx(!active && styles.inactiveRow)}>
            <Cell label="Name">
              <span className={styles.keyName}>{key.name}</span>
            </Cell>
            <Cell label="Environment">
              <span className={clsx(styles.typeBadge, key.environment === 'production' && styles.typeProduction)}>
                {formatKeyType(key.environment)}
              </span>
            </Cell>
            <Cell label="Server Key">
              <MaskedKey masked={key.apiKey} />
            </Cell>
            <Cell label="Status">
              <span className={clsx(styles.status, active ? styles.statusActive : styles.statusRevoked)}>
                <span className={styles.dot} aria-hidden="true" />
                {formatStatus(key.status)}
              </span>
            </Cell>
            <Cell label="Created" className={styles.nowrap}>
              <LocalDate iso={key.createdAt} dayOnly />
            </Cell>
            <Cell label="Actions">
              {active && canManage ? (
                <div className={styles.rowActions}>
                  <button
                    type="button"
                    className="button button--sm button--outline button--primary"
                    aria-label={`Roll ${key.name}`}
                    onClick={() => onRoll(key)}
                    {...action}
                  >
                    Roll
                  </button>
                  <button
                    type="button"
                    className={clsx('button button--sm button--outline button--danger', styles.dangerButton)}
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => onRevoke(key)}
                    {...action}
                  >
                    Revoke
                  </button>
                </div>
              ) : null}
            </Cell>
          </tr>
        );
      })}
    </DataTable>
  );
}
