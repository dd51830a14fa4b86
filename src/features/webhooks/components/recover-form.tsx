import {useState, type ReactNode} from 'react';
import {FormError} from '@site/src/components/form-error';
import FormField from '@site/src/components/form-field';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import Notice from '@site/src/components/notice';
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
  const [queued, setQueued] = useState<number | null>(null);
  return (
    <form
      className={styles.recover}
      aria-label="Recover failed deliveries"
      noValidate
      onSubmit={form.submit(async (body) => {
        setQueued(null);
        const result = await recoverFailed(endpointId, body);
        setQueued(result.queued);
        await onRecovered();
      })}
    >
      <FormError {...form.errorProps}>{form.formState.errors.root?.server?.message}</FormError>
      <FormField
        label="Recover failed since"
        type="datetime-local"
        hint="Failed events since then are sent again now."
        {...form.field('since', {inline: true})}
      />
      <FormSubmit control={form.control} loadingText="Recovering..." className={styles.recoverSubmit}>
        Recover failed
      </FormSubmit>
      {queued !== null ? (
        <Notice variant="success" className={styles.recoverDone}>
          {queued === 0
            ? 'No failed event since then.'
            : `${queued} failed ${queued === 1 ? 'event is' : 'events are'} being sent again.`}
        </Notice>
      ) : null}
    </form>
  );
}
