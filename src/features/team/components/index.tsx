import {useEffect, useRef, useState, type ReactNode} from 'react';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import {PageHeader, PanelLoading} from '@site/src/components/panel';
import {useAuthStore} from '@site/src/stores/auth-store';
import {useTeam} from '../api/use-team';
import {actionFailure} from '../lib/messages';
import NoTeam from './no-team';
import TeamBody from './team-body';
import styles from './styles.module.css';

export {CONFIRM_REMOVE} from '../lib/messages';

/** The /team screen: 'No Team Organization' without a team, else the invite form and the members table. */
export default function TeamView(): ReactNode {
  const user = useAuthStore((s) => s.user);
  const {data, error, isLoading, mutate} = useTeam();
  const [left, setLeft] = useState<string | null>(null);
  const leftRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (left) leftRef.current?.focus();
  }, [left]);

  let body: ReactNode;
  if (isLoading && data === undefined) {
    body = <PanelLoading label="Loading your team..." />;
  } else if (data === null) {
    body = (
      <>
        {left ? (
          <Notice ref={leftRef} variant="success" className={styles.shareNote}>
            You left {left}.
          </Notice>
        ) : null}
        <NoTeam email={user?.email} />
      </>
    );
  } else if (data) {
    body = <TeamBody key={data.team.id} data={data} onLeft={setLeft} />;
  } else if (error) {
    // A failure is shown in the page, never only logged: a refusal that reaches only the console looks like a dead button.
    body = (
      <LoadFailed
        title="The team could not be loaded."
        message={actionFailure(error, 'Please try again.')}
        onRetry={() => void mutate()}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Team"
        description={
          data?.team ? (
            <>
              Manage who belongs to <strong>{data.team.name}</strong>.
            </>
          ) : (
            'Invite colleagues to share API keys.'
          )
        }
      />
      {body}
    </>
  );
}
