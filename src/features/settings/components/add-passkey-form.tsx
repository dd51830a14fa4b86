import type {ReactNode} from 'react';
import FormField from '@site/src/components/form-field';
import {ContractFormElement, useContractForm} from '@site/src/components/form';
import {addPasskey, type Passkey} from '../api/passkeys';
import {ADD_PASSKEY} from '../lib/form-rules';
import {CurrentPasswordField, PendingActions} from './form-parts';
import styles from './device-list.module.css';

/** The name and password that open the browser's passkey prompt. */
export default function AddPasskeyForm({
  onAdded,
  onCancel,
}: {
  onAdded: (passkey: Passkey) => void;
  onCancel: () => void;
}): ReactNode {
  const form = useContractForm({rules: ADD_PASSKEY, defaultValues: {name: '', password: ''}});
  return (
    <ContractFormElement
      form={form}
      className={styles.addForm}
      label="Add a passkey"
      errorClassName={styles.notice}
      onSubmit={async (_body, values) => onAdded(await addPasskey(values))}
    >
      <FormField
        label="Name"
        optional
        placeholder="Work laptop"
        hint="Leave it empty to name the passkey after this browser."
        {...form.field('name')}
        autoFocus
      />
      <CurrentPasswordField
        hint="Your browser then asks for your fingerprint, face, screen lock or security key."
        {...form.field('password')}
      />
      <div className={styles.rowActions}>
        <PendingActions
          pending={form.formState.isSubmitting}
          label="Continue"
          pendingLabel="Waiting for your passkey..."
          onCancel={onCancel}
        />
      </div>
    </ContractFormElement>
  );
}
