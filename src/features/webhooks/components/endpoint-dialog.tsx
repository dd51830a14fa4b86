import {useEffect, useId, useRef, type ReactNode} from 'react';
import Dialog, {DialogForm} from '@site/src/components/dialog';
import {useContractForm} from '@site/src/components/form';
import FormField from '@site/src/components/form-field';
import EnvironmentSelect from '@site/src/components/environment-select';
import type {
  NewWebhookEndpointBody,
  WebhookEndpoint,
  WebhookEndpointChanges,
} from '@intakekit/contract/schemas/webhooks';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_URL_MAX_LENGTH,
} from '@intakekit/contract/webhooks';
import {
  ENDPOINT_CHANGES_FORM,
  NEW_ENDPOINT_FORM,
  SUBSCRIBABLE_EVENT_TYPES,
  URL_REFUSALS,
  endpointValues,
  type EndpointValues,
} from '../lib/endpoint-form';
import {ENVIRONMENT_LABELS} from '@intakekit/contract/api-keys';
import {WEBHOOKS_TEXT} from '../lib/texts';
import styles from './styles.module.css';

const PAYLOAD_CHOICES = [
  {value: 'thin', label: 'Thin', hint: 'ids only. Your backend fetches the submission with a server key.'},
  {value: 'full', label: 'Full', hint: "the submission's QuestionnaireResponse, answers included, in the body."},
] as const;

type Props = {open: boolean; onClose: () => void} & (
  | {endpoint: null; onSave: (body: NewWebhookEndpointBody) => Promise<unknown>}
  | {endpoint: WebhookEndpoint; onSave: (changes: WebhookEndpointChanges) => Promise<unknown>}
);

/** 'Add endpoint' and 'Edit endpoint': URL, description, the events it receives and how much each carries. */
export default function EndpointDialog({open, onClose, endpoint, onSave}: Props): ReactNode {
  const form = useContractForm<EndpointValues, NewWebhookEndpointBody | WebhookEndpointChanges>({
    rules: endpoint ? ENDPOINT_CHANGES_FORM : NEW_ENDPOINT_FORM,
    defaultValues: endpointValues(endpoint ?? undefined),
    fieldOf: URL_REFUSALS,
  });
  // Opens on the endpoint as it is now (it may have changed since the last edit), or on a blank form.
  const current = useRef(endpoint);
  current.current = endpoint;
  const {reset} = form;
  useEffect(() => {
    if (open) reset(endpointValues(current.current ?? undefined));
  }, [open, reset]);
  const eventsErrorId = useId();
  const {errors} = form.formState;
  const editing = endpoint !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit endpoint' : 'Add endpoint'}
      description={editing ? `${ENVIRONMENT_LABELS[endpoint.environment]} endpoint.` : undefined}
    >
      <DialogForm
        onSubmit={form.submit(async (body) => {
          await (onSave as (body: NewWebhookEndpointBody | WebhookEndpointChanges) => Promise<unknown>)(body);
          onClose();
        })}
        error={errors.root?.server?.message}
        errorProps={form.errorProps}
        onCancel={onClose}
        submitLabel={editing ? 'Save endpoint' : 'Add endpoint'}
        pendingLabel={editing ? 'Saving...' : 'Adding...'}
        pending={form.formState.isSubmitting}
      >
        {editing ? null : <EnvironmentSelect {...form.register('environment')} />}
        <FormField
          label="URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/intakekit/webhooks"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          hint={`https:// in production. It must answer 2xx within ${WEBHOOK_TIMEOUT_SECONDS} seconds.`}
          data-autofocus
          {...form.field('url', {inline: true})}
        />
        <FormField
          label="Description"
          optional
          autoComplete="off"
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          {...form.field('description', {inline: true})}
        />
        <fieldset className={styles.choices} aria-describedby={errors.eventTypes ? eventsErrorId : undefined}>
          <legend>Events</legend>
          {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
            <label key={type} className={styles.choice}>
              <input type="checkbox" value={type} {...form.register('eventTypes')} />
              <span>
                {WEBHOOK_EVENT_LABELS[type]} <code>{type}</code>
              </span>
            </label>
          ))}
          {errors.eventTypes?.message ? (
            <p id={eventsErrorId} role="alert" className={styles.fieldError}>
              {errors.eventTypes.message}
            </p>
          ) : null}
          <p className={styles.choiceHint}>{WEBHOOKS_TEXT.testEventsAlways}</p>
        </fieldset>
        <fieldset className={styles.choices}>
          <legend>Payload</legend>
          {PAYLOAD_CHOICES.map((choice) => (
            <label key={choice.value} className={styles.choice}>
              <input type="radio" value={choice.value} {...form.register('payloadStyle')} />
              <span>
                <strong>{choice.label}</strong>: {choice.hint}
              </span>
            </label>
          ))}
        </fieldset>
      </DialogForm>
    </Dialog>
  );
}
