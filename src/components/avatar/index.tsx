import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** The letter that stands for a person: the name's first, else the address's. */
export function initialOf(name: string | null | undefined, email: string): string {
  return ((name ?? '').trim() || email).charAt(0).toUpperCase() || '?';
}

interface Props {
  name: string | null | undefined;
  email: string;
  /** sm in a table row, md in the sidebar's user card. */
  size: 'sm' | 'md';
  /** Someone invited who has not joined yet: a dashed outline instead of the filled circle. */
  invited?: boolean;
  className?: string;
}

/** A person's initial in a circle, beside their name (hidden from screen readers, which read the name). */
export default function Avatar({name, email, size, invited, className}: Props): ReactNode {
  return (
    <span className={clsx(styles.avatar, styles[size], invited && styles.invited, className)} aria-hidden="true">
      {initialOf(name, email)}
    </span>
  );
}
