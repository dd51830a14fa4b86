import {useId, type ReactNode} from 'react';
import FormField from '@site/src/components/form-field';
import {useContractForm} from '@site/src/components/form';
import Notice from '@site/src/components/notice';
import SelectField from '@site/src/components/select-field';
import SelectOptions from '@site/src/components/select-options';
import type {ApiKey} from '@site/src/lib/api/keys';
import type {KeySettingsBody, KeySettingsLimits} from '@intakekit/contract/schemas/keys';
import {serverMessage} from '@site/src/lib/errors';
import {EXPIRY_CHOICE_LABELS, EXPIRY_CHOICES} from '../lib/format';
import {initialValues, keySettingsRules} from '../lib/key-settings';
import fields from './fields.module.css';
import styles from './key-settings-form.module.css';

interface Props {
  apiKey: ApiKey;
  limits: KeySettingsLimits;
  canChange: boolean;
  onSave: (settings: KeySettingsBody) => Promise<unknown>;
}

const saveFailure = (error: unknown) => serverMessage(error) ?? 'The settings could not be saved. Please try again.';

/** A key's name, allowed origins, expiry and limit, checked here with the API's own rules before saving. */
export default function KeySettingsForm({apiKey, limits, canChange, onSave}: Props): ReactNode {
  const originsId = useId();
  const expiryId = useId();
  const form = useContractForm({
    rules: keySettingsRules(apiKey, limits),
    defaultValues: initialValues(apiKey),
    failureMessage: saveFailure,
  });
  const {errors, isSubmitting, isSubmitSuccessful} = form.formState;
  const working = apiKey.status === 'active';
  const settingsLocked = !canChange || !working;

  const submit = form.submit(async (settings) => {
    if (Object.keys(settings).length > 0) await onSave(settings);
  });
  // Hides 'Settings saved.' and keeps what was typed.
  const dismissSaved = () => form.reset(undefined, {keepValues: true, keepDefaultValues: true, keepErrors: true});

  const emptyListMeans =
    apiKey.keyType === 'sandbox'
      ? 'Leave it empty to let any origin use this sandbox key.'
      : 'With no origin listed, no web page can use this production key.';

  return (
    <form className={styles.settingsForm} onSubmit={(e) => void submit(e)} noValidate aria-label="Key settings">
      <FormField label="Name" {...form.field('name', {inline: true})} maxLength={200} disabled={!canChange} />
      <div>
        <label htmlFor={originsId} className={fields.fieldLabel}>
          Allowed origins
        </label>
        <textarea
          id={originsId}
          {...form.register('origins')}
          aria-describedby={`${originsId}-hint${errors.origins ? ` ${originsId}-error` : ''}`}
          aria-invalid={errors.origins ? true : undefined}
          disabled={settingsLocked}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={'https://clinic.example\nhttps://*.clinic.example'}
        />
        <p id={`${originsId}-hint`} className={fields.fieldHint}>
          One per line, as scheme://host[:port]; *. stands for one subdomain label. {emptyListMeans}
        </p>
        {errors.origins ? (
          <p id={`${originsId}-error`} role="alert" className={fields.fieldError}>
            {errors.origins.message}
          </p>
        ) : null}
      </div>
      <div className={fields.inlineFields}>
        <SelectField
          label="Expires"
          {...form.register('expiry')}
          disabled={settingsLocked}
          aria-describedby={errors.expiry ? `${expiryId}-error` : undefined}
        >
          <SelectOptions values={EXPIRY_CHOICES} labels={EXPIRY_CHOICE_LABELS} />
        </SelectField>
        {form.watch('expiry') === 'date' ? (
          <FormField label="Expiry date" type="date" {...form.register('date')} disabled={settingsLocked} />
        ) : null}
        <FormField
          label="Sessions a minute"
          inputMode="numeric"
          {...form.field('limit', {inline: true})}
          hint={`Default ${limits.rateLimitDefault}, at most ${limits.rateLimitMax}.`}
          disabled={settingsLocked}
        />
      </div>
      {errors.expiry ? (
        <p id={`${expiryId}-error`} role="alert" className={fields.fieldError}>
          {errors.expiry.message}
        </p>
      ) : null}
      {!working ? <p className={fields.fieldHint}>This key no longer works: only its name can change.</p> : null}
      {errors.root?.server ? <Notice variant="error">{errors.root.server.message}</Notice> : null}
      {isSubmitSuccessful ? (
        <Notice variant="success" onDismiss={dismissSaved}>
          Settings saved.
        </Notice>
      ) : null}
      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={!canChange || isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
