import {useDeferredValue, useId, useMemo, type ChangeEvent, type ReactNode} from 'react';
import Dialog, {DialogForm, type DialogState} from '@site/src/components/dialog';
import {useDialogForm} from '@site/src/components/form';
import FormField from '@site/src/components/form-field';
import SelectField from '@site/src/components/select-field';
import {FLOWS} from '@intakekit/contract/flow-catalogue';
import {validateQuestionnaire} from '@intakekit/contract/questionnaire/index';
import type {NewFlowBody} from '@intakekit/contract/schemas/flows';
import {FLOW_ID_MAX_LENGTH} from '@intakekit/contract/team-flows';
import {FLOW_ID_REFUSALS, NEW_FLOW_FORM, NEW_FLOW_VALUES, parseJson, type NewFlowValues} from '../lib/new-flow-form';
import {FLOWS_TEXT} from '../lib/texts';
import ProblemList from './problem-list';
import TextArea from './text-area';
import styles from './page.module.css';

interface Props extends DialogState {
  onCreate: (body: NewFlowBody) => Promise<unknown>;
}

/** The validator's findings on the pasted or chosen document, as the person types (deferred: a paste may be large). */
function ImportProblems({json}: {json: string}): ReactNode {
  const text = useDeferredValue(json);
  const problems = useMemo(() => {
    const parsed = text.trim() === '' ? null : parseJson(text);
    return parsed?.ok ? validateQuestionnaire(parsed.value).problems : [];
  }, [text]);
  return (
    <div aria-live="polite">
      <ProblemList problems={problems} />
    </div>
  );
}

/** 'New flow': its id, and a built-in flow to start from or a Questionnaire to import (a file or a paste). */
export default function NewFlowDialog({onCreate, ...dialog}: Props): ReactNode {
  const {form, dialogForm} = useDialogForm<NewFlowValues, NewFlowBody>({
    ...dialog,
    send: onCreate,
    rules: NEW_FLOW_FORM,
    defaultValues: NEW_FLOW_VALUES,
    fieldOf: FLOW_ID_REFUSALS,
  });
  const fileId = useId();
  const source = form.watch('source');
  const json = form.watch('json');
  const {errors} = form.formState;
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) form.setValue('json', await file.text(), {shouldValidate: form.formState.isSubmitted});
  };
  return (
    <Dialog {...dialog} title="New flow" className={styles.wideDialog}>
      <DialogForm {...dialogForm} submitLabel="Create flow" pendingLabel="Creating...">
        <FormField
          label="Flow id"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={FLOW_ID_MAX_LENGTH}
          placeholder="allergy-intake"
          hint="What pages pass as init({flowId}): lower-case letters, digits and _ . : -"
          data-autofocus
          {...form.field('flowId', {inline: true})}
        />
        <fieldset className={styles.choices}>
          <legend>Start from</legend>
          <label className={styles.choice}>
            <input type="radio" value="template" {...form.register('source')} /> A built-in flow
          </label>
          <label className={styles.choice}>
            <input type="radio" value="import" {...form.register('source')} /> A FHIR Questionnaire (JSON)
          </label>
        </fieldset>
        {source === 'template' ? (
          <SelectField label="Built-in flow" {...form.register('template')}>
            {FLOWS.map((flow) => (
              <option key={flow.id} value={flow.id}>
                {flow.name} ({flow.id})
              </option>
            ))}
          </SelectField>
        ) : (
          <>
            <div className={styles.field}>
              <label htmlFor={fileId} className={styles.fieldLabel}>
                Questionnaire file
              </label>
              <input
                id={fileId}
                type="file"
                accept=".json,application/json,application/fhir+json"
                onChange={readFile}
              />
            </div>
            <TextArea
              label="Or paste the Questionnaire"
              hint={FLOWS_TEXT.importHint}
              rows={8}
              spellCheck={false}
              error={errors.json?.message ?? null}
              {...form.register('json')}
            />
            <ImportProblems json={json} />
          </>
        )}
      </DialogForm>
    </Dialog>
  );
}
