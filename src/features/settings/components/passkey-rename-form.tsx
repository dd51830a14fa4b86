import type {ReactNode} from 'react';
import FormField from '@site/src/components/form-field';
import {useContractForm} from '@site/src/components/form';
import {PASSKEY_NAME_MAX} from '@intakekit/contract/passkeys';
import {renamePasskey, type Passkey} from '../api/passkeys';
import {RENAME_PASSKEY} from '../lib/form-rules';
import {PendingActions} from './form-parts';
import styles from './device-list.module.css';

/** The name field and Save/Cancel that take a row's place while it is renamed. */
export default function PasskeyRenameForm({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: Passkey;
  onDone: (renamed: Passkey) => void;
  onCancel: () => void;
}): ReactNode {
  const form = useContractForm({rules: RENAME_PASSKEY, defaultValues: {name: passkey.name}});
  return (
    <form
      className={styles.inlineForm}
      onSubmit={form.submit(async ({name}) => onDone(await renamePasskey(passkey, name)))}
      noValidate
      aria-label={`Rename ${passkey.name}`}
    >
      <FormField
        label="Passkey name"
        maxLength={PASSKEY_NAME_MAX + 20}
        {...form.field('name', {inline: true})}
        // One field: the refusal of the API is said beside it too.
        error={form.formError}
        autoFocus
      />
      <PendingActions pending={form.formState.isSubmitting} label="Save" pendingLabel="Saving..." onCancel={onCancel} />
    </form>
  );
}
