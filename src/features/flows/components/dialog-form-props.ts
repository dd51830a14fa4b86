import type {FieldValues} from 'react-hook-form';
import type {ContractForm} from '@site/src/components/form';

/**
 * What a DialogForm of this page takes from its useContractForm: send the checked body, close on success; the
 * refusal, focus on it, and the busy state are the form's.
 */
export function dialogFormProps<Values extends FieldValues, Body>(
  form: ContractForm<Values, Body>,
  send: (body: Body) => Promise<unknown>,
  onClose: () => void,
) {
  return {
    onSubmit: form.submit(async (body) => {
      await send(body);
      onClose();
    }),
    error: form.formState.errors.root?.server?.message,
    errorProps: form.errorProps,
    onCancel: onClose,
    pending: form.formState.isSubmitting,
  };
}
