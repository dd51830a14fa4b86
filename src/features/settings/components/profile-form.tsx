import {useEffect, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import FormField from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {toneClass} from '@site/src/components/tone';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {serverMessageOr} from '@site/src/lib/errors';
import {PROFILE} from '@site/src/lib/forms/auth-rules';
import {useAuthStore, type User} from '@site/src/stores/auth-store';
// Reused from the account flow rather than copied: the resend call and the self-clearing message.
import {resendVerification} from '@site/src/lib/api/auth';
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
import {FormMessages} from './form-parts';
import styles from './styles.module.css';

function VerifiedBadge({verified}: {verified: boolean}): ReactNode {
  return (
    <span className={clsx(styles.badge, toneClass(verified ? 'success' : 'warning'))} data-testid="email-badge">
      {verified ? 'Verified' : 'Unverified'}
    </span>
  );
}

/** Unverified addresses get a resend action. */
function ResendVerification({email}: {email: string}): ReactNode {
  const resend = useContractForm({
    defaultValues: {},
    failureMessage: (failure) => serverMessageOr(failure, VERIFICATION_FAILED),
  });
  const [sent, flashSent] = useFlash(EMAIL_MESSAGE_MS);
  const sending = resend.formState.isSubmitting;
  const error = resend.formState.errors.root?.server?.message;
  const onResend = resend.submit(async () => {
    flashSent(null);
    await resendVerification(email);
    flashSent(VERIFICATION_SENT);
  });
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
  const profile = useContractForm({
    rules: PROFILE,
    defaultValues: {name: user.name ?? ''},
    fieldOf: {NAME_HAS_ADDRESS: 'name', NAME_INVISIBLE_CHARACTERS: 'name'},
    failureMessage: (error) => serverMessageOr(error, PROFILE_FAILED),
  });
  const [saved, flashSaved] = useFlash(PROFILE_MESSAGE_MS);
  const {errors} = profile.formState;
  // A new message (a rule, a refusal) replaces the last success.
  useEffect(() => {
    if (profile.formError) flashSaved(null);
  }, [profile.formError, flashSaved]);

  // A refreshed user (another tab, the server trimming the name) resets the field.
  const {setValue} = profile;
  useEffect(() => {
    setValue('name', user.name ?? '');
  }, [user.name, setValue]);

  const onSubmit = profile.submit(async ({name}) => {
    await updateProfile(name);
    await refreshUser();
    flashSaved(PROFILE_UPDATED);
  });

  return (
    <Panel
      id="profile"
      title="Profile Information"
      description="Your name appears in the sidebar and on your team's member list."
    >
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <FormMessages done={saved} error={errors.root?.server?.message} errorProps={profile.errorProps} />
        <div className={styles.grid}>
          <FormField label="Full name" autoComplete="name" maxLength={80} {...profile.field('name', {inline: true})} />
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
          <FormSubmit control={profile.control} loadingText="Saving...">
            Save changes
          </FormSubmit>
        </div>
      </form>
    </Panel>
  );
}
