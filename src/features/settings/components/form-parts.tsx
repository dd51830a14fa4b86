import type {ReactNode, Ref} from 'react';
import FormField, {type FormFieldProps} from '@site/src/components/form-field';
import {FormError} from '@site/src/components/form-error';
import Notice from '@site/src/components/notice';
import styles from './styles.module.css';

/** A settings form's messages above its fields: the last success, then its error (a rule or a refusal). */
export function FormMessages({
  done,
  error,
  errorProps,
}: {
  done: string | null;
  error: string | null | undefined;
  errorProps: {id: string; errorRef: Ref<HTMLDivElement>};
}): ReactNode {
  return (
    <>
      {done ? (
        <Notice variant="success" className={styles.formNotice}>
          {done}
        </Notice>
      ) : null}
      <FormError {...errorProps} className={styles.formNotice}>
        {error}
      </FormError>
    </>
  );
}

/** What an action on a list said last: done, or refused. */
export type Feedback = {variant: 'success' | 'error'; text: string} | null;

/** A list section's message about its last action (a sign-out, a passkey added or removed). */
export function FeedbackNotice({feedback, className}: {feedback: Feedback; className?: string}): ReactNode {
  return feedback ? (
    <Notice variant={feedback.variant} className={className}>
      {feedback.text}
    </Notice>
  ) : null;
}

/** The password a settings form asks for before it acts (turn off two-factor, add a passkey, delete the account). */
export function CurrentPasswordField(props: Omit<FormFieldProps, 'label' | 'type' | 'autoComplete'>): ReactNode {
  return <FormField label="Current password" type="password" autoComplete="current-password" {...props} />;
}

/** The submit and Cancel buttons of a small inline form, both held while it submits. */
export function PendingActions({
  pending,
  label,
  pendingLabel,
  onCancel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  onCancel: () => void;
}): ReactNode {
  return (
    <>
      <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? pendingLabel : label}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
    </>
  );
}
