import type {FieldValues} from 'react-hook-form';
import type {DialogFormProps} from '@site/src/components/dialog';
import {useResetOnClose} from '@site/src/hooks/use-reset-on-close';
import {useContractForm, type ContractForm, type ContractFormOptions} from './use-contract-form';

export interface DialogFormOptions<Values extends FieldValues, Body> extends ContractFormOptions<Values, Body> {
  open: boolean;
  onClose: () => void;
  /** Sends the checked body: the dialog closes once it resolves, and shows the refusal when it throws. */
  send: (body: Body) => Promise<unknown>;
}

/** What the hook gives DialogForm; the dialog adds its labels and fields. */
type SendAndClose = Pick<DialogFormProps, 'onSubmit' | 'error' | 'errorProps' | 'onCancel' | 'pending'>;

/**
 * The form of a dialog that sends one request and closes: the contract's checks (useContractForm), a clean form each
 * time the dialog opens, and DialogForm's props: send then close, the API's refusal above the fields (focused), Cancel
 * and the busy state. The fields' own messages stay beside the fields.
 */
export function useDialogForm<Values extends FieldValues, Body = Values>({
  open,
  onClose,
  send,
  ...options
}: DialogFormOptions<Values, Body>): {form: ContractForm<Values, Body>; dialogForm: SendAndClose} {
  const form = useContractForm<Values, Body>(options);
  useResetOnClose(open, form.reset);
  return {
    form,
    dialogForm: {
      onSubmit: form.submit(async (body) => {
        await send(body);
        onClose();
      }),
      error: form.formState.errors.root?.server?.message,
      errorProps: form.errorProps,
      onCancel: onClose,
      pending: form.formState.isSubmitting,
    },
  };
}
