import type {ReactNode} from 'react';
import FormField, {EmailField} from '@site/src/components/form-field';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import Notice from '@site/src/components/notice';
import SelectOptions from '@site/src/components/select-options';
import {serverMessageOr} from '@site/src/lib/errors';
import type {InviteInput} from '../api/add-team-member';
import {INVITE_FALLBACK} from '../lib/messages';
import type {GrantableRole} from '../lib/roles';
import {INVITE} from '../lib/rules';
import SelectField from '@site/src/components/select-field';
import styles from './invite-form.module.css';

export {INVITE_FALLBACK};

interface Props {
  onInvite: (input: InviteInput) => Promise<unknown>;
  /** The roles the caller may grant: the select is shown only when there is a choice (the owner). */
  roles: readonly GrantableRole[];
}

const ROLE_LABELS: Record<GrantableRole, string> = {member: 'Member', admin: 'Admin'};

const inviteFailure = (failure: unknown) => serverMessageOr(failure, INVITE_FALLBACK);

/**
 * The invite form: email required (the button stays disabled while it is empty), name
 * optional, and for the owner the role to grant. A refusal shows the server's message in the form (or
 * 'Failed to add member'), e.g. 'You are already a member of this team.'.
 */
export default function InviteForm({onInvite, roles}: Props): ReactNode {
  const form = useContractForm({
    rules: INVITE,
    defaultValues: {email: '', name: '', role: 'member' as GrantableRole},
    failureMessage: inviteFailure,
  });
  const chooseRole = roles.length > 1;
  const email = form.watch('email');

  // The page says the result, in the one place its statuses share (onInvite's caller).
  const send = form.submit(async (body) => {
    await onInvite(body);
    form.reset();
  });

  return (
    <form onSubmit={(e) => void send(e)} noValidate aria-label="Invite a team member">
      {form.formError ? (
        <Notice
          ref={form.errorProps.errorRef}
          id={form.errorProps.id}
          variant="error"
          className={styles.inviteNotice}
          onDismiss={() => form.clearErrors()}
          data-testid="invite-error"
        >
          {form.formError}
        </Notice>
      ) : null}
      <div className={chooseRole ? styles.inviteFieldsWithRole : styles.inviteFields}>
        <EmailField autoComplete="off" placeholder="colleague@clinic.com" {...form.field('email')} required />
        <FormField label="Name" optional autoComplete="off" placeholder="Alex Rivera" {...form.field('name')} />
        {chooseRole ? (
          <SelectField label="Role" {...form.register('role')}>
            <SelectOptions values={roles} labels={ROLE_LABELS} />
          </SelectField>
        ) : null}
        <div className={styles.inviteSubmit}>
          <FormSubmit control={form.control} loadingText="Sending..." disabled={!email.trim()}>
            Add member
          </FormSubmit>
        </div>
      </div>
    </form>
  );
}
