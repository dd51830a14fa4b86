import {useState, type FormEvent, type ReactNode} from 'react';
import FormField, {EmailField} from '@site/src/components/form-field';
import SubmitButton from '@site/src/components/submit-button';
import Notice from '@site/src/components/notice';
import {serverMessageOr} from '@site/src/lib/errors';
import type {TeamMember} from '../api/use-team';
import styles from './styles.module.css';

export const INVITE_FALLBACK = 'Failed to add member';

interface Props {
  onInvite: (input: {email: string; name?: string}) => Promise<{user: TeamMember}>;
  pending: boolean;
}

/** The invite form (spec §2, §5): email required (the button stays disabled while it is empty), name optional. */
export default function InviteForm({onInvite, pending}: Props): ReactNode {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || pending) return;
    setDone(null);
    try {
      const {user} = await onInvite({email, name});
      setEmail('');
      setName('');
      setDone(
        user?.role === 'invited'
          ? `Invitation sent to ${user.email}. They join the team when they sign up.`
          : `${user?.email ?? 'The member'} has joined the team.`,
      );
    } catch (error) {
      // Spec §8: an alert with the server's error, or the fallback.
      window.alert(serverMessageOr(error, INVITE_FALLBACK));
    }
  };

  return (
    <form className={styles.inviteForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Invite a team member">
      <div className={styles.inviteFields}>
        <EmailField
          autoComplete="off"
          placeholder="colleague@clinic.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <FormField
          label="Name"
          labelNote="(optional)"
          name="name"
          autoComplete="off"
          placeholder="Alex Rivera"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div className={styles.inviteSubmit}>
          <SubmitButton loading={pending} loadingText="Adding..." disabled={!email.trim()}>
            Add member
          </SubmitButton>
        </div>
      </div>
      {done ? (
        <Notice variant="success" className={styles.inviteDone} onDismiss={() => setDone(null)}>
          {done}
        </Notice>
      ) : null}
    </form>
  );
}
