import {useContractForm} from '@site/src/components/form';

/**
 * The action a ConfirmDialog confirms, run as a react-hook-form form with no fields: pending while it runs
 * (`isSubmitting`), and what it throws is the dialog's error (the error mapper's message, or `failureMessage`).
 * `reset` clears the error when the dialog closes or turns to another target.
 */
export function useConfirmAction(failureMessage?: (caught: unknown) => string) {
  const form = useContractForm<Record<string, never>>({defaultValues: {}, failureMessage});
  const pending = form.formState.isSubmitting;
  return {
    pending,
    error: form.formError,
    /** react-hook-form's own reset: stable, so an effect may depend on it. */
    reset: form.reset,
    /** Props for ConfirmDialog: confirming runs `action` (once: a second click while it runs does nothing). */
    dialogProps: (action: () => Promise<unknown>) => ({
      pending,
      error: form.formError,
      onConfirm: () => {
        if (!pending) void form.submit(action)();
      },
    }),
  };
}
