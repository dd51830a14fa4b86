import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {maskApiKey} from '@site/src/lib/mask';
import type {ApiKey} from '@site/src/lib/api/keys';
import {formatKeyType, formatStatus, formatTimeLeft, keyLabel, NEVER_USED} from '../lib/format';
import DataTable, {Cell} from '@site/src/components/data-table';
import {lockedProps} from '../lib/messages';
import LocalDate from './local-date';
import styles from './key-table.module.css';

export interface KeyTableProps {
  keys: ApiKey[];
  /** False while the email is unverified: rotate and revoke are disabled with the tooltip. */
  canChange: boolean;
  /** id of the element that says why the buttons are disabled. */
  lockedHintId: string;
  /** The key whose rotate or revoke is in flight, and which. */
  busy: {id: string; action: 'rotate' | 'revoke'} | null;
  onRotate: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
  onDetails: (key: ApiKey) => void;
  /** The key whose details are open. */
  detailsOf: string | null;
  /** Now, for the time left of a grace period (ticks while the page is open). */
  nowMs: number;
}

/**
 * The masked key (first 8 and last 8 visible). The text is the whole masked value (copying it gives every
 * star); on screen the run of stars is clipped to a few so the table fits beside the sidebar.
 */
export function MaskedKey({masked}: {masked: string}): ReactNode {
  if (masked.length <= 16) return <code className={styles.maskedKey}>{masked}</code>;
  return (
    <code className={styles.maskedKey}>
      {masked.slice(0, 8)}
      <span className={styles.stars}>{masked.slice(8, -8)}</span>
      {masked.slice(-8)}
    </code>
  );
}

/** A sandbox key shown whole (GET /api/keys returns sandbox keys whole: the guide and the demo use them). */
function FullKey({value}: {value: string}): ReactNode {
  return <code className={clsx(styles.maskedKey, styles.fullKey)}>{value}</code>;
}

const COLUMNS = ['Key Type', 'API Key', 'Status', 'Created', 'Last Used', 'Actions'] as const;

/** The keys table: type, masked key, status, created, last used, actions. */
export default function KeyTable({
  keys,
  canChange,
  lockedHintId,
  busy: pending,
  onRotate,
  onRevoke,
  onDetails,
  detailsOf,
  nowMs,
}: KeyTableProps): ReactNode {
  const locked = lockedProps(canChange, lockedHintId);
  // The sandbox keys shown whole; production keys are only ever masked (the API keeps no full value of them).
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const toggleShown = (id: string) =>
    setShown((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  /** Rotate's and Revoke's shared wiring: named for its key, waiting while a change of that key runs. */
  const change = (key: ApiKey, action: 'rotate' | 'revoke', name: string) => {
    const busy = pending?.id === key.id;
    return {
      'aria-label': name,
      disabled: !canChange || busy,
      'aria-busy': busy || undefined,
      onClick: () => (action === 'rotate' ? onRotate(key) : onRevoke(key)),
      ...locked,
    };
  };
  return (
    <DataTable label="API keys" columns={COLUMNS}>
      {keys.map((key) => {
        const active = key.status === 'active';
        const inGrace = active && key.graceEndsAt !== null;
        const busy = pending?.id === key.id;
        const masked = maskApiKey(key.apiKey);
        const label = keyLabel(key);
        const revealable = active && key.keyType === 'sandbox';
        const whole = revealable && shown.has(key.id);
        return (
          <tr role="row" key={key.id} data-testid="api-key-row" className={clsx(!active && styles.inactiveRow)}>
            <Cell label="Key Type">
              <span className={styles.keyName}>{key.name}</span>
              <span className={clsx(styles.typeBadge, key.keyType === 'production' && styles.typeProduction)}>
                {formatKeyType(key.keyType)}
              </span>
            </Cell>
            <Cell label="API Key">{whole ? <FullKey value={key.apiKey} /> : <MaskedKey masked={masked} />}</Cell>
            <Cell label="Status">
              <span
                className={clsx(
                  styles.status,
                  active ? styles.statusActive : styles.statusRevoked,
                  key.status === 'expired' && styles.statusExpired,
                )}
              >
                <span className={styles.dot} aria-hidden="true" />
                {formatStatus(key.status)}
              </span>
              {inGrace ? (
                <span className={styles.statusNote}>Stops working in {formatTimeLeft(key.graceEndsAt!, nowMs)}</span>
              ) : active && key.expiresAt ? (
                <span className={styles.statusNote}>Expires in {formatTimeLeft(key.expiresAt, nowMs)}</span>
              ) : null}
            </Cell>
            <Cell label="Created" className={styles.nowrap}>
              <LocalDate iso={key.createdAt} dayOnly />
            </Cell>
            <Cell label="Last Used" className={styles.date}>
              <LocalDate iso={key.lastUsedAt} fallback={NEVER_USED} />
            </Cell>
            <Cell label="Actions">
              <div className={styles.rowActions}>
                <button
                  type="button"
                  className="button button--sm button--outline button--primary"
                  aria-label={`Details of ${label}`}
                  aria-expanded={detailsOf === key.id}
                  onClick={() => onDetails(key)}
                >
                  Details
                </button>
                {revealable ? (
                  <button
                    type="button"
                    className="button button--sm button--outline button--secondary"
                    aria-label={`${whole ? 'Hide' : 'Reveal'} ${label}`}
                    onClick={() => toggleShown(key.id)}
                  >
                    {whole ? 'Hide' : 'Reveal'}
                  </button>
                ) : null}
                {active && !inGrace ? (
                  <button
                    type="button"
                    className="button button--sm button--secondary"
                    {...change(key, 'rotate', `Rotate ${label}`)}
                  >
                    {busy && pending?.action === 'rotate' ? 'Rotating...' : 'Rotate'}
                  </button>
                ) : null}
                {active ? (
                  <button
                    type="button"
                    className={clsx('button button--sm button--outline button--danger', styles.dangerButton)}
                    {...change(key, 'revoke', `Revoke ${label}`)}
                  >
                    {busy && pending?.action === 'revoke' ? 'Revoking...' : 'Revoke'}
                  </button>
                ) : null}
              </div>
            </Cell>
          </tr>
        );
      })}
    </DataTable>
  );
}
