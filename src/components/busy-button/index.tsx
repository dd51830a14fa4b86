import type {ButtonHTMLAttributes, ReactNode} from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** While true the button is disabled, marked busy and says `busyLabel` ('Sending...'). */
  busy: boolean;
  busyLabel: string;
};

/** A button whose request the page awaits (Reveal, Send test event, Add the test inbox). */
export default function BusyButton({busy, busyLabel, disabled, children, ...button}: Props): ReactNode {
  return (
    <button {...button} type="button" disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
