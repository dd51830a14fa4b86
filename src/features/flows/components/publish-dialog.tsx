import type {ReactNode} from 'react';
import Dialog, {DialogForm, type DialogState} from '@site/src/components/dialog';
import {useDialogForm} from '@site/src/components/form';
import type {PublishFlowBody} from '@intakekit/contract/schemas/flows';
import {FLOW_NOTE_MAX_LENGTH} from '@intakekit/contract/team-flows';
import {PUBLISH_FORM, type PublishValues} from '../lib/publish-form';
import TextArea from './text-area';

interface Props extends DialogState {
  onPublish: (body: PublishFlowBody) => Promise<unknown>;
  /** The number the new version gets. */
  number: number;
}

/** 'Publish version N': a note for the team, then the saved draft is frozen as the version pages run. */
export default function PublishDialog({number, onPublish, ...dialog}: Props): ReactNode {
  const {form, dialogForm} = useDialogForm<PublishValues, PublishFlowBody>({
    ...dialog,
    send: onPublish,
    rules: PUBLISH_FORM,
    defaultValues: {note: ''},
  });
  const {errors} = form.formState;
  return (
    <Dialog
      {...dialog}
      title={`Publish version ${number}`}
      description="The saved draft becomes this version: pages that name the flow run it from now on, unless they pin another with flowVersion."
    >
      <DialogForm {...dialogForm} submitLabel="Publish" pendingLabel="Publishing...">
        <TextArea
          label="Note (optional)"
          hint={`What changed, for your team: at most ${FLOW_NOTE_MAX_LENGTH} characters.`}
          rows={3}
          maxLength={FLOW_NOTE_MAX_LENGTH}
          data-autofocus
          error={errors.note?.message ?? null}
          {...form.register('note')}
        />
      </DialogForm>
    </Dialog>
  );
}
