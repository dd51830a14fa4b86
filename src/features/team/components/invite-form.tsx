import {useState, type FormEvent, type ReactNode} from 'react';
import {useFormValues} from '@site/src/hooks/use-form-values';
import FormField, {EmailField} from '@site/src/components/form-field';
import SubmitButton from '@site/src/components/submit-button';
import Notice from '@site/src/components/notice';
import {serverMessageOr} from '@site/src/lib/errors';
import {validateName} from '@site/src/lib/validation';
import type {InviteInput} from '../api/add-team-member';
import type {TeamInvitation} from '../api/use-team';
import {expiryText} from '../lib/expiry';
import {INVITE_FALLBACK} from '../lib/messages';
import type {GrantableRole} from '../lib/roles';
import SelectField from './select-field';
import styles from './invite-form.module.css';

export {INVITE_FALLBACK};

interface Props {
  onInvite: (input: InviteInput) => Promise<{invitation: TeamInvitation}>;
  pending: boolean;
  /** The roles the caller may grant: the select is shown only when there is a choice (the owner). */
  roles: readonly GrantableRole[];
}

const ROLE_LABELS: Record<GrantableRole, string> = {member: 'Member', admin: 'Admin'};

/**
 * The invite form: email required (the button stays disabled while it is empty), name
 * optional, and for the owner the role to grant. A refusal shows the server's message in the form (or
 * 'Failed to add member'), e.g. 'You are already a member of this team.'.
 */
export default function InviteForm({onInvite, pending, roles}: Props): ReactNode {
  const {values, field, reset} = useFormValues<{email: string; name: string; role: GrantableRole}>({
    email: '',
    name: '',
    role: 'member',
  });
  const {email, name, role} = values;
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chooseRole = roles.length > 1;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || pending) return;
    setDone(null);
    const invalid = validateName(name);
    setError(invalid);
    if (invalid) return;
    try {
      const {invitation} = await onInvite({email, name, role: chooseRole ? role : 'member'});
      reset();
      const expiry = invitation?.expiresAt ? expiryText(invitation.expiresAt).toLowerCase() : 'expires in 7 days';
      setDone(
        `Invitation sent to ${invitation?.email ?? email.trim()}. They join when they accept it; the link ${expiry}.`,
      );
    } catch (failure) {
      setError(serverMessageOr(failure, INVITE_FALLBACK));
    }
  };

  return (
    <form className={styles.inviteForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Invite a team member">
      {error ? (
        <Notice
          variant="error"
          className={styles.inviteNotice}
          onDismiss={() => setError(null)}
          data-testid="invite-error"
        >
          {error}
        </Notice>
      ) : null}
      <div className={chooseRole ? styles.inviteFieldsWithRole : styles.inviteFields}>
        <EmailField autoComplete="off" placeholder="colleague@clinic.com" {...field('email')} required />
        <FormField
          label="Name"
          labelNote="(optional)"
          name="name"
          autoComplete="off"
          placeholder="Alex Rivera"
          {...field('name')}
        />
        {chooseRole ? (
          <SelectField label="Role" {...field('role')}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <div className={styles.inviteSubmit}>
          <SubmitButton loading={pending} loadingText="Sending..." disabled={!email.trim()}>
            Add member
          </SubmitButton>
        </div>
      </div>
      {done ? (
        <Notice variant="success" className={styles.inviteNotice} onDismiss={() => setDone(null)}>
          {done}
        </Notice>
      ) : null}
    </form>
  );
}
