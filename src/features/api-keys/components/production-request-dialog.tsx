import {useId, type ReactNode} from 'react';
import Dialog, {DialogForm, type DialogState} from '@site/src/components/dialog';
import {useDialogForm} from '@site/src/components/form';
import SelectField from '@site/src/components/select-field';
import SelectOptions from '@site/src/components/select-options';
import {MONTHLY_INTAKE_LABELS, MONTHLY_INTAKE_VOLUMES, PLANS_MAX_LENGTH} from '@intakekit/contract/production-access';
import type {ProductionAccessBody} from '@intakekit/contract/schemas/production-access';
import {PRODUCTION_REQUEST, type ProductionRequestValues} from '../lib/production-request';
import fields from './fields.module.css';
import styles from './production-access.module.css';

interface Props extends DialogState {
  teamName: string;
  /** Sends the request; a refusal is shown in the dialog. */
  onRequest: (body: ProductionAccessBody) => Promise<unknown>;
}

/** 'Request production access': what the clinic plans and the volume it expects, for the operator to review. */
export default function ProductionRequestDialog({teamName, onRequest, ...dialog}: Props): ReactNode {
  const {form, dialogForm} = useDialogForm<ProductionRequestValues, ProductionAccessBody>({
    ...dialog,
    send: onRequest,
    rules: PRODUCTION_REQUEST,
    defaultValues: {plans: '', monthlyIntakes: ''},
    fieldOf: {PRODUCTION_PLANS_TOO_SHORT: 'plans', PRODUCTION_VOLUME_REQUIRED: 'monthlyIntakes'},
  });
  const plansId = useId();
  const {errors} = form.formState;
  const plansError = errors.plans?.message;
  const volumeError = errors.monthlyIntakes?.message;

  return (
    <Dialog
      {...dialog}
      title="Request production access"
      description={`Tell us what ${teamName} plans. We review each request and email you when production keys are ready.`}
    >
      <DialogForm {...dialogForm} submitLabel="Send request" pendingLabel="Sending...">
        <div className={styles.field}>
          <label htmlFor={plansId} className={fields.fieldLabel}>
            What does the clinic plan?
          </label>
          <textarea
            id={plansId}
            className={styles.plans}
            rows={5}
            maxLength={PLANS_MAX_LENGTH}
            data-autofocus
            {...form.register('plans')}
            aria-invalid={plansError ? true : undefined}
            aria-describedby={`${plansId}-hint${plansError ? ` ${plansId}-error` : ''}`}
          />
          <p id={`${plansId}-hint`} className={fields.fieldHint}>
            Which intake flows, on which sites, and when you plan to go live.
          </p>
          {plansError ? (
            <p id={`${plansId}-error`} role="alert" className={fields.fieldError}>
              {plansError}
            </p>
          ) : null}
        </div>
        <SelectField
          label="Expected volume"
          {...form.register('monthlyIntakes')}
          aria-invalid={volumeError ? true : undefined}
          aria-describedby={volumeError ? `${plansId}-volume-error` : undefined}
        >
          <option value="" disabled>
            Choose a volume
          </option>
          <SelectOptions values={MONTHLY_INTAKE_VOLUMES} labels={MONTHLY_INTAKE_LABELS} />
        </SelectField>
        {volumeError ? (
          <p id={`${plansId}-volume-error`} role="alert" className={fields.fieldError}>
            {volumeError}
          </p>
        ) : null}
      </DialogForm>
    </Dialog>
  );
}
