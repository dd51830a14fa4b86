import {useEffect, useId, useRef, type FormEvent, type ReactNode, type Ref} from 'react';
import Notice from '@site/src/components/notice';
import clsx from 'clsx';
import styles from './styles.module.css';

/** Whether a dialog is open and how it closes, as its page passes them: a dialog hands both on to this one. */
export interface DialogState {
  open: boolean;
  /** Called when the dialog closes by itself (Escape) or through a button that calls it. */
  onClose: () => void;
}

interface Props extends DialogState {
  title: ReactNode;
  /** The body text; also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons row. */
  actions?: ReactNode;
  tone?: 'default' | 'danger' | 'warning';
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element with showModal(): the page behind is inert, focus moves in
 * (to the element marked `data-autofocus`, else the first focusable one), Escape closes it, and focus goes back to the
 * element that had it when the dialog opened.
 */
export default function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  tone = 'default',
  className,
}: Props): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The element marked data-autofocus gets focus; otherwise showModal's own choice (the first focusable).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
      onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  // Closing through unmount (page change) must not leave the page inert.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={clsx(styles.dialog, styles[tone], className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      {open ? (
        <div className={styles.inner}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          ) : null}
          {children}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

export interface DialogFormProps {
  onSubmit: () => Promise<void> | void;
  onCancel: () => void;
  /** The refusal of the last attempt, shown above the fields. */
  error?: ReactNode;
  /** useContractForm's errorProps: the fields in error point at the message, and a refusal takes the focus. */
  errorProps?: {id: string; errorRef: Ref<HTMLDivElement>};
  children: ReactNode;
  /** The submit button's words, and its words while the request runs ('Deleting...'). */
  submitLabel: string;
  pendingLabel: string;
  /** While true both buttons are disabled and the submit button is busy. */
  pending: boolean;
  /** The submit button waits for the fields (e.g. the typed confirmation). */
  ready?: boolean;
  tone?: 'primary' | 'danger';
}

/**
 * The form inside a Dialog that asks for something (a password, a code) before acting: the error, the fields, then
 * Cancel and the submit button in the dialog's buttons row (stacked on a phone).
 */
export function DialogForm({
  onSubmit,
  onCancel,
  error,
  errorProps,
  children,
  submitLabel,
  pendingLabel,
  pending,
  ready = true,
  tone = 'primary',
}: DialogFormProps): ReactNode {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      {error ? (
        <Notice variant="error" className={styles.formError} id={errorProps?.id} ref={errorProps?.errorRef}>
          {error}
        </Notice>
      ) : null}
      {children}
      <div className={styles.actions}>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button
          type="submit"
          className={`button button--${tone}`}
          disabled={!ready || pending}
          aria-busy={pending || undefined}
        >
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
