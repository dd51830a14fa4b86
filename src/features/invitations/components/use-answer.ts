import {useState} from 'react';
import {useHistory} from '@docusaurus/router';
import {mutate} from 'swr';
import {useContractForm} from '@site/src/components/form';
import {errorCode} from '@site/src/lib/errors';
import {useAuthStore} from '@site/src/stores/auth-store';
import {acceptInvitation, declineInvitation, type InvitationSummary} from '../api/invitations';
import {isUnusableToken, type Invitation} from './use-invitation';

export type Choice = 'join' | 'decline' | 'sign-out';

/** Empty the SWR cache: the keys and team a page cached belong to the session (or the team) that just changed. */
const forgetCachedData = () => mutate(() => true, undefined, {revalidate: false});

const refreshUser = () => useAuthStore.getState().refreshUser();

/**
 * The invitee's answer (join or decline) or signing out of another account: one form whose value is the button
 * chosen, so the one that runs shows pending and the others wait. An unusable link switches the page to its view;
 * any other refusal is the form's error.
 */
export function useAnswer(token: string | null, invitation: Invitation) {
  const history = useHistory();
  const answer = useContractForm<{choice: Choice | ''}>({defaultValues: {choice: ''}});
  // Set once accept succeeded: the refreshed user is in the team now, which must not flash the "already in a team" view.
  const [joined, setJoined] = useState<string | null>(null);
  const submitting = answer.formState.isSubmitting;
  const running = submitting ? answer.watch('choice') || null : null;

  /** What a refused answer means for the page: an unusable link switches view; anything else is the form's error. */
  async function refused(caught: unknown) {
    if (isUnusableToken(caught)) {
      invitation.setState({status: 'invalid'});
      return;
    }
    // ALREADY_IN_TEAM / INVITATION_WRONG_ACCOUNT: the session changed elsewhere; reload it so the view catches up.
    const code = errorCode(caught);
    if (code === 'ALREADY_IN_TEAM' || code === 'INVITATION_WRONG_ACCOUNT') await refreshUser();
    throw caught;
  }

  /** Sends the answer with the link's token; what follows runs only once the API took it. */
  async function answerWith(call: (token: string) => Promise<unknown>, then: () => Promise<void>) {
    if (!token) return;
    try {
      await call(token);
    } catch (caught) {
      return refused(caught);
    }
    await then();
  }

  const run = (choice: Choice, send: () => Promise<void>) => {
    if (submitting) return;
    answer.setValue('choice', choice);
    void answer.submit(send)();
  };

  return {
    joined,
    running,
    errorProps: answer.errorProps,
    formError: answer.formError,
    join: (teamName: string) =>
      run('join', () =>
        answerWith(acceptInvitation, async () => {
          setJoined(teamName);
          await refreshUser();
          await forgetCachedData();
          history.push('/team');
        }),
      ),
    decline: (declined: InvitationSummary) =>
      run('decline', () =>
        answerWith(declineInvitation, async () => invitation.setState({status: 'declined', invitation: declined})),
      ),
    signOut: () =>
      run('sign-out', async () => {
        await useAuthStore.getState().logout();
        await forgetCachedData();
      }),
  };
}

export type Answer = ReturnType<typeof useAnswer>;
