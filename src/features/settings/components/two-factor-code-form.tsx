import type {ReactNode} from 'react';
import FormField from '@site/src/components/form-field';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {codeRules} from '../lib/form-rules';
import styles from './two-factor.module.css';

/** A one-field form for a 6-digit code (setup) or a code of either kind (new recovery codes). */
export default function TwoFactorCodeForm({
  label,
  submitLabel,
  pendingLabel,
  acceptRecoveryCode,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  acceptRecoveryCode: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}): ReactNode {
  const form = useContractForm({rules: codeRules(acceptRecoveryCode), defaultValues: {code: ''}});
  return (
    <form onSubmit={form.submit(({code}) => onSubmit(code))} noValidate>
      <div className={styles.codeField}>
        <FormField
          label={label}
          inputMode={acceptRecoveryCode ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          spellCheck={false}
          {...form.field('code', {inline: true})}
          // One field: the refusal of the API is said beside it too.
          error={form.formError}
          hint={acceptRecoveryCode ? 'A code from your app, or one of your recovery codes.' : undefined}
        />
      </div>
      <div className={styles.actions}>
        <FormSubmit control={form.control} className={styles.inlineButton} loadingText={pendingLabel}>
          {submitLabel}
        </FormSubmit>
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          disabled={form.formState.isSubmitting}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
