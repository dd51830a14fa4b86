import type {ReactNode} from 'react';
import FormField from '@site/src/components/form-field';
import {ContractFormElement, FormSubmit, useContractForm} from '@site/src/components/form';
import type {WebhookRecoverBody} from '@intakekit/contract/schemas/webhooks';
import {recoverFailed} from '../api/deliveries';
import {toLocalInput} from '../lib/deliveries';
import {RECOVER_FORM, type RecoverValues} from '../lib/recover-form';
import styles from './styles.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Recover failed since…': every event that failed since a moment is sent again now, each with its own id. */
export default function RecoverForm({
  endpointId,
  onRecovered,
}: {
  endpointId: string;
  onRecovered: () => unknown;
}): ReactNode {
  const form = useContractForm<RecoverValues, WebhookRecoverBody>({
    rules: RECOVER_FORM,
    defaultValues: {since: toLocalInput(new Date(Date.now() - DAY_MS))},
  });
  const recover = async (body: WebhookRecoverBody) => {
    const {queued} = await recoverFailed(endpointId, body);
    await onRecovered();
    return queued === 0
      ? 'No failed event since then.'
      : `${queued} failed ${queued === 1 ? 'event is' : 'events are'} being sent again.`;
  };
  return (
    <ContractFormElement
      form={form}
      onSubmit={recover}
      className={styles.recover}
      label="Recover failed deliveries"
      refusalOnly
      doneClassName={styles.recoverDone}
    >
      <FormField
        label="Recover failed since"
        type="datetime-local"
        hint="Failed events since then are sent again now."
        {...form.field('since', {inline: true})}
      />
      <FormSubmit control={form.control} loadingText="Recovering..." className={styles.recoverSubmit}>
        Recover failed
      </FormSubmit>
    </ContractFormElement>
  );
}
