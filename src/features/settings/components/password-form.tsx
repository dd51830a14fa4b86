import {useState, type FormEvent, type ReactNode} from 'react';
import {PasswordField} from '@site/src/components/form-field';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import SubmitButton from '@site/src/components/submit-button';
import {serverMessageOr} from '@site/src/lib/errors';
import {canSubmitChangePassword, validateChangePassword} from '@site/src/lib/validation';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {useFlash} from '@site/src/hooks/use-flash';
import {EMAIL_MESSAGE_MS} from '@site/src/lib/timing';
import {changePassword} from '../api/change-password';
import {PASSWORD_CHANGED, PASSWORD_FAILED} from '../lib/messages';
import styles from './styles.module.css';

/**
 * Change Password: three fields, the button disabled until all are filled; like sign-up and reset,
 * a show/hide toggle and the strength meter with the checklist of the rule the API enforces.
 */
export default function PasswordForm(): ReactNode {
  const {values: fields, field, reset} = useFormValues({current: '', next: '', confirm: ''});
  const [error, setError] = useState<string | null>(null);
  const [done, flashDone] = useFlash(EMAIL_MESSAGE_MS);
  const [saving, setSaving] = useState(false);
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((shown) => !shown);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateChangePassword(fields);
    setError(invalid);
    if (invalid) {
      flashDone(null);
      return;
    }
    setSaving(true);
    try {
      await changePassword({currentPassword: fields.current, newPassword: fields.next});
      reset();
      flashDone(PASSWORD_CHANGED);
    } catch (failure) {
      flashDone(null);
      setError(serverMessageOr(failure, PASSWORD_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel
      id="password"
      title="Change Password"
      description="Changing your password signs you out everywhere else and emails you a confirmation."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className={styles.form}>
        {done ? (
          <Notice variant="success" className={styles.formNotice}>
            {done}
          </Notice>
        ) : null}
        {error ? (
          <Notice variant="error" className={styles.formNotice}>
            {error}
          </Notice>
        ) : null}
        <div className={styles.passwordFields}>
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            {...field('current')}
            visible={visible}
            onToggleVisible={toggle}
          />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            {...field('next')}
            hint={<PasswordStrengthMeter password={fields.next} />}
            visible={visible}
            onToggleVisible={toggle}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            {...field('confirm')}
            visible={visible}
            onToggleVisible={toggle}
          />
        </div>
        <div className={styles.formActions}>
          <SubmitButton loading={saving} loadingText="Changing..." disabled={!canSubmitChangePassword(fields)}>
            Change password
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
