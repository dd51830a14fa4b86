import type {ReactNode} from 'react';
import {ENVIRONMENT_LABELS, KEY_TYPES, type KeyType} from '@intakekit/contract/api-keys';
import {RETENTION_DAYS_MAX, RETENTION_DAYS_MIN} from '@intakekit/contract/submissions';
import type {RetentionResponse} from '@intakekit/contract/schemas/submissions-portal';
import EnvironmentSelect from '@site/src/components/environment-select';
import FormField from '@site/src/components/form-field';
import {ContractFormElement, FormSubmit, useContractForm} from '@site/src/components/form';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {RETENTION_FORM, type RetentionValues} from '../lib/retention-form';
import styles from './styles.module.css';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

interface Props {
  retention: RetentionResponse;
  onSave: (environment: KeyType, days: number) => Promise<unknown>;
}

/** How long submissions are kept per environment; owners and admins change it, everyone else reads it. */
export default function RetentionPanel({retention, onSave}: Props): ReactNode {
  const form = useContractForm<RetentionValues, {environment: KeyType; days: number}>({
    rules: RETENTION_FORM,
    defaultValues: {environment: 'production', days: String(retention.retention.production)},
    fieldOf: {INVALID_RETENTION: 'days'},
  });
  const environment = form.watch('environment');
  const {ref: environmentRef, onChange: onEnvironment, ...environmentField} = form.register('environment');
  return (
    <Panel
      id="submission-retention"
      title="Retention"
      description="Submissions are deleted once they are older than this."
    >
      <dl className={styles.retention}>
        {KEY_TYPES.map((keyType) => (
          <div key={keyType} className={styles.pair}>
            <dt>{ENVIRONMENT_LABELS[keyType]}</dt>
            <dd>{days(retention.retention[keyType])}</dd>
          </div>
        ))}
      </dl>
      {retention.canChange ? (
        <ContractFormElement
          form={form}
          className={styles.retentionForm}
          label="Change the retention"
          refusalOnly
          doneClassName={styles.saved}
          onSubmit={async (body) => {
            await onSave(body.environment, body.days);
            return `${ENVIRONMENT_LABELS[body.environment]} submissions are now kept for ${days(body.days)}.`;
          }}
        >
          <EnvironmentSelect
            ref={environmentRef}
            {...environmentField}
            onChange={(event) => {
              void onEnvironment(event);
              form.setValue('days', String(retention.retention[event.target.value as KeyType]));
            }}
          />
          <FormField
            label="Days"
            type="number"
            inputMode="numeric"
            min={RETENTION_DAYS_MIN}
            max={RETENTION_DAYS_MAX}
            hint={`${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX} days for ${ENVIRONMENT_LABELS[environment].toLowerCase()}.`}
            {...form.field('days', {inline: true})}
          />
          <FormSubmit control={form.control} loadingText="Saving..." className={styles.save}>
            Save
          </FormSubmit>
        </ContractFormElement>
      ) : (
        <Notice variant="info">Only owners and admins can change how long submissions are kept.</Notice>
      )}
    </Panel>
  );
}
