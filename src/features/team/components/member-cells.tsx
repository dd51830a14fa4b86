import type {ReactNode} from 'react';
import clsx from 'clsx';
import Avatar from '@site/src/components/avatar';
import {SrOnly} from '@site/src/components/data-table';
import {memberName} from '../lib/format';
import styles from './members-table.module.css';

/** The actions cell of a row that offers none: a dash to the eye, the reason to a screen reader. */
export function NoActions({label}: {label: string}): ReactNode {
  return (
    <span className={styles.muted}>
      <span aria-hidden="true">—</span>
      <SrOnly>{label}</SrOnly>
    </span>
  );
}

/** The Member cell: initial, name (or '(No name)') and the 'You' badge on the caller's own row. */
export function Person({
  name,
  email,
  you,
  invited,
}: {
  name: string | null;
  email: string;
  you?: boolean;
  invited?: boolean;
}): ReactNode {
  return (
    <span className={styles.member}>
      <Avatar name={name} email={email} size="sm" invited={invited} className={styles.avatar} />
      <span className={clsx(styles.memberName, !name?.trim() && styles.noName)}>{memberName(name)}</span>
      {you ? <span className={styles.you}>You</span> : null}
    </span>
  );
}

interface RowButtonProps {
  children: string;
  /** Its words while its own action runs; without them the button never shows pending. */
  pendingLabel?: string;
  /** This button's action runs. */
  pending?: boolean;
  /** Another action of the row runs (or this one): the row's buttons wait. */
  disabled: boolean;
  /** Which row it acts on, for a screen reader ('the invitation to ...', an address). */
  target: string;
  danger?: boolean;
  onClick: () => void;
}

/** A small button of a row's actions cell; its accessible name says which row it acts on. */
export function RowButton({children, pendingLabel, pending, disabled, target, danger, onClick}: RowButtonProps) {
  return (
    <button
      type="button"
      className={clsx('button button--sm', danger ? 'button--outline button--danger' : 'button--secondary')}
      disabled={disabled}
      aria-busy={(pendingLabel && pending) || undefined}
      onClick={onClick}
    >
      {pendingLabel && pending ? pendingLabel : children}
      <SrOnly> {target}</SrOnly>
    </button>
  );
}
