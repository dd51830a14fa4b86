import type {ReactNode} from 'react';
import Dialog, {DialogForm, type DialogState} from '@site/src/components/dialog';
import {useDialogForm} from '@site/src/components/form';
import FormField from '@site/src/components/form-field';
import EnvironmentSelect from '@site/src/components/environment-select';
import {KEY_NAME_MAX_LENGTH} from '@intakekit/contract/api-keys';
import type {NewServerKeyBody} from '@intakekit/contract/schemas/server-keys';
import {NEW_SERVER_KEY, type ServerKeyValues} from '../../lib/server-key-form';

interface Props extends DialogState {
  /** Creates the key; a refusal (production not ready, the limit) is shown in the dialog. */
  onCreate: (body: NewServerKeyBody) => Promise<unknown>;
}

/** 'Create server key': its environment and a name that says which backend holds it. */
export default function NewServerKeyDialog({onCreate, ...dialog}: Props): ReactNode {
  const {form, dialogForm} = useDialogForm<ServerKeyValues, NewServerKeyBody>({
    ...dialog,
    send: onCreate,
    rules: NEW_SERVER_KEY,
    defaultValues: {environment: 'sandbox', name: ''},
    fieldOf: {INVALID_KEY_SETTINGS: 'name'},
  });
  return (
    <Dialog
      {...dialog}
      title="Create server key"
      description="The key is shown once, after it is created. Keep it on your server."
    >
      <DialogForm {...dialogForm} submitLabel="Create server key" pendingLabel="Creating...">
        <EnvironmentSelect {...form.register('environment')} />
        <FormField
          label="Name"
          hint="Which backend holds it, such as EHR bridge."
          maxLength={KEY_NAME_MAX_LENGTH * 4}
          autoComplete="off"
          data-autofocus
          {...form.field('name', {inline: true})}
        />
      </DialogForm>
    </Dialog>
  );
}
