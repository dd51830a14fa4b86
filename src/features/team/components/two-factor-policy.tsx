import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {useContractForm} from '@site/src/components/form';
import {TeamSettingsBody} from '@intakekit/contract/schemas/team';
import {useAuthStore} from '@site/src/stores/auth-store';
import {setTeamPolicy} from '../api/team-policy';
import SectionRow from './section-row';
import styles from './styles.module.css';

/** The team's two-factor policy: the owner turns it on or off; everyone else reads it. */
export default function TwoFactorPolicy({isOwner, teamName}: {isOwner: boolean; teamName: string}): ReactNode {
  const user = useAuthStore((s) => s.user);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const required = user?.team?.requireTwoFactor ?? false;
  // The switch is a form of one value, the policy it turns to; its refusal is said above it.
  const policy = useContractForm({
    rules: {schema: TeamSettingsBody, toBody: () => ({requireTwoFactor: !required}), checks: []},
    defaultValues: {},
  });
  const pending = policy.formState.isSubmitting;
  const error = policy.formError;
  const toggle = policy.submit(async (body) => {
    await setTeamPolicy(body);
    await refreshUser();
  });

  return (
    <Panel id="two-factor-policy" title="Two-factor authentication">
      {error ? (
        <Notice variant="error" className={styles.shareNote}>
          {error} {user?.twoFactorEnabled ? null : <Link to="/settings#two-factor">Set it up in Settings</Link>}
        </Notice>
      ) : null}
      <SectionRow
        action={
          isOwner ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void toggle()}
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {pending ? 'Saving...' : required ? 'Stop requiring two-factor' : 'Require two-factor for everyone'}
            </button>
          ) : null
        }
      >
        {required ? (
          <>
            <strong>Required.</strong> Every member of {teamName} signs in with a code from an authenticator app;
            members without it are asked to set it up before they reach the API keys, the activity log or this page.
          </>
        ) : (
          <>
            <strong>Not required.</strong> Members choose for themselves whether to sign in with a second factor.
          </>
        )}
      </SectionRow>
    </Panel>
  );
}
