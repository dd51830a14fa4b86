import {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import FormField from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import SubmitButton from '@site/src/components/submit-button';
import {serverMessageOr} from '@site/src/lib/errors';
import {validateProfileName} from '@site/src/lib/validation';
import {useAuthStore, type User} from '@site/src/stores/auth-store';
// Reused from the account flow rather than copied: the resend call and the self-clearing message.
import {resendVerification} from '@site/src/lib/api/auth';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {useFlash} from '@site/src/hooks/use-flash';
import {EMAIL_MESSAGE_MS} from '@site/src/lib/timing';
import {updateProfile} from '../api/update-profile';
import {
  PROFILE_FAILED,
  PROFILE_MESSAGE_MS,
  PROFILE_UPDATED,
  VERIFICATION_FAILED,
  VERIFICATION_SENT,
} from '../lib/messages';
import styles from './styles.module.css';

function VerifiedBadge({verified}: {verified: boolean}): ReactNode {
  return (
    <span
      className={clsx(styles.badge, verified ? styles.badgeVerified : styles.badgeUnverified)}
      data-testid="email-badge"
    >
      {verified ? 'Verified' : 'Unverified'}
    </span>
  );
}

/** Unverified addresses get a resend action. */
function ResendVerification({email}: {email: string}): ReactNode {
  const [sending, setSending] = useState(false);
  const [sent, flashSent] = useFlash(EMAIL_MESSAGE_MS);
  const [error, setError] = useState<string | null>(null);
  const onResend = async () => {
    setSending(true);
    setError(null);
    try {
      await resendVerification(email);
      flashSent(VERIFICATION_SENT);
    } catch (failure) {
      flashSent(null);
      setError(serverMessageOr(failure, VERIFICATION_FAILED));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.resend}>
      <span>Check your inbox for the verification link, or </span>
      <button
        type="button"
        className={clsx('clean-btn', styles.linkButton)}
        onClick={() => void onResend()}
        disabled={sending}
        aria-busy={sending || undefined}
      >
        {sending ? 'Sending...' : 'resend the verification email'}
      </button>
      .
      {sent ? (
        <Notice variant="success" className={styles.inlineNotice}>
          {sent}
        </Notice>
      ) : null}
      {error ? (
        <Notice variant="error" className={styles.inlineNotice}>
          {error}
        </Notice>
      ) : null}
    </div>
  );
}

/** Profile Information: editable name, read-only email with its badge, the team when there is one. */
export default function ProfileForm({user}: {user: User}): ReactNode {
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const {values, set} = useFormValues({name: user.name ?? ''});
  const {name} = values;
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, flashSaved] = useFlash(PROFILE_MESSAGE_MS);
  const [saving, setSaving] = useState(false);

  // A refreshed user (another tab, the server trimming the name) resets the field.
  useEffect(() => {
    set('name', user.name ?? '');
  }, [user.name, set]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateProfileName(name);
    setNameError(invalid);
    setFailure(null);
    if (invalid) {
      flashSaved(null);
      return;
    }
    setSaving(true);
    try {
      await updateProfile(name);
      await refreshUser();
      flashSaved(PROFILE_UPDATED);
    } catch (error) {
      flashSaved(null);
      setFailure(serverMessageOr(error, PROFILE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel
      id="profile"
      title="Profile Information"
      description="Your name appears in the sidebar and on your team's member list."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className={styles.form}>
        {saved ? (
          <Notice variant="success" className={styles.formNotice}>
            {saved}
          </Notice>
        ) : null}
        {failure ? (
          <Notice variant="error" className={styles.formNotice}>
            {failure}
          </Notice>
        ) : null}
        <div className={styles.grid}>
          <FormField
            label="Full name"
            name="name"
            autoComplete="name"
            value={name}
            maxLength={80}
            onChange={(e) => {
              set('name', e.target.value);
              if (nameError) setNameError(null);
            }}
            error={nameError}
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            value={user.email}
            readOnly
            className={styles.readOnly}
            labelAside={<VerifiedBadge verified={user.emailVerified} />}
            hint={
              user.emailVerified ? (
                'Your sign-in address. It cannot be changed here.'
              ) : (
                <ResendVerification email={user.email} />
              )
            }
          />
          {user.team ? (
            <FormField
              label="Team"
              name="team"
              value={user.team.name}
              readOnly
              className={styles.readOnly}
              hint={
                <>
                  Your role: {user.team.role}. <Link to="/team">Manage team members</Link>
                </>
              }
            />
          ) : null}
        </div>
        <div className={styles.formActions}>
          <SubmitButton loading={saving} loadingText="Saving...">
            Save changes
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
