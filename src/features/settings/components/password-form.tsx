import {useEffect, useState, type ReactNode} from 'react';
import {PasswordField} from '@site/src/components/form-field';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import Panel from '@site/src/components/panel';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {serverMessageOr} from '@site/src/lib/errors';
import {CHANGE_PASSWORD, canSubmitChangePassword} from '@site/src/lib/forms/auth-rules';
import {useFlash} from '@site/src/hooks/use-flash';
import {EMAIL_MESSAGE_MS} from '@site/src/lib/timing';
import {changePassword} from '../api/change-password';
import {PASSWORD_CHANGED, PASSWORD_FAILED} from '../lib/messages';
import {FormMessages} from './form-parts';
import styles from './styles.module.css';

/** The three fields, in order; one show/hide state serves them all. */
const FIELDS = [
  {name: 'current', label: 'Current password', autoComplete: 'current-password'},
  {name: 'next', label: 'New password', autoComplete: 'new-password'},
  {name: 'confirm', label: 'Confirm new password', autoComplete: 'new-password'},
] as const;

/**
 * Change Password: three fields, the button disabled until all are filled; like sign-up and reset,
 * a show/hide toggle and the strength meter with the checklist of the rule the API enforces.
 */
export default function PasswordForm(): ReactNode {
  const change = useContractForm({
    rules: CHANGE_PASSWORD,
    defaultValues: {current: '', next: '', confirm: ''},
    failureMessage: (failure) => serverMessageOr(failure, PASSWORD_FAILED),
  });
  const [done, flashDone] = useFlash(EMAIL_MESSAGE_MS);
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((shown) => !shown);
  const fields = change.watch();
  const {formError} = change;
  // A new message (a rule, a refusal) replaces the last success.
  useEffect(() => {
    if (formError) flashDone(null);
  }, [formError, flashDone]);

  const onSubmit = change.submit(async (body) => {
    await changePassword(body);
    change.reset();
    flashDone(PASSWORD_CHANGED);
  });

  return (
    <Panel
      id="password"
      title="Change Password"
      description="Changing your password signs you out everywhere else and emails you a confirmation."
    >
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <FormMessages done={done} error={formError} errorProps={change.errorProps} />
        <div className={styles.passwordFields}>
          {FIELDS.map(({name, label, autoComplete}) => (
            <PasswordField
              key={name}
              label={label}
              autoComplete={autoComplete}
              {...change.field(name)}
              hint={name === 'next' ? <PasswordStrengthMeter password={fields.next} /> : undefined}
              visible={visible}
              onToggleVisible={toggle}
            />
          ))}
        </div>
        <div className={styles.formActions}>
          <FormSubmit control={change.control} loadingText="Changing..." disabled={!canSubmitChangePassword(fields)}>
            Change password
          </FormSubmit>
        </div>
      </form>
    </Panel>
  );
}
