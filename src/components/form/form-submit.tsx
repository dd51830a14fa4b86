import type {ComponentProps, ReactNode} from 'react';
import {useFormState, type Control, type FieldValues} from 'react-hook-form';
import SubmitButton from '@site/src/components/submit-button';

type Props<Values extends FieldValues> = Omit<ComponentProps<typeof SubmitButton>, 'loading'> & {
  control: Control<Values>;
};

/** A form's submit button, busy while its form submits: the state is react-hook-form's, never a flag of the form. */
export default function FormSubmit<Values extends FieldValues>({control, ...button}: Props<Values>): ReactNode {
  const {isSubmitting} = useFormState({control});
  return <SubmitButton {...button} loading={isSubmitting} />;
}
