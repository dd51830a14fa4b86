import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import EmptyState from '@site/src/components/empty-state';
import LineIcon from '@site/src/components/line-icon';
import Panel from '@site/src/components/panel';
import {NO_TEAM_TITLE} from '../lib/messages';
import CreateTeamForm from './create-team-form';

/**
 * 'No Team Organization': the account's keys are its own; joining a team takes an invitation to this address, or
 * the person starts one of their own.
 */
export default function NoTeam({email}: {email: string | undefined}): ReactNode {
  return (
    <>
      <Panel>
        <EmptyState
          as="h2"
          icon={
            <LineIcon width="28" height="28" strokeWidth="1.75">
              <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
              <circle cx="9" cy="7" r="4" />
              <path d="M23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
            </LineIcon>
          }
          title={NO_TEAM_TITLE}
          action={
            <Link className="button button--secondary button--sm" to="/api-keys">
              Go to API Keys
            </Link>
          }
        >
          <p>
            Your account is not part of a team, so your API keys are your own. To join a team, ask its owner or an admin
            to invite {email ? <strong>{email}</strong> : 'your email address'}, then accept the invitation from the
            email. Or create a team of your own below.
          </p>
        </EmptyState>
      </Panel>
      <CreateTeamForm />
    </>
  );
}
