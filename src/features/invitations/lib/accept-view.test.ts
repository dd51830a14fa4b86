import {describe, expect, it} from 'vitest';
import type {InvitationSummary} from '../api/invitations';
import {acceptInvitationPath} from '@site/src/lib/next-path';
import {
  chooseView,
  countActiveKeys,
  invitationSentence,
  movingKeysNotice,
  registerHref,
  roleWithArticle,
  type InvitationState,
  type SessionState,
} from './accept-view';

const invitation: InvitationSummary = {
  email: 'ivy@clinic.test',
  teamName: 'North Clinic',
  inviterName: 'Olivia Owner',
  role: 'member',
  expiresAt: '2026-11-30T12:00:00.000Z',
};
const loaded: InvitationState = {status: 'loaded', invitation};
const signedOut: SessionState = {ready: true, serverError: false, user: null};
const as = (email: string, team: string | null = null): SessionState => ({
  ready: true,
  serverError: false,
  user: {email, team: team ? {name: team} : null},
});

describe('chooseView', () => {
  it('waits for both the invitation and the auth store', () => {
    expect(chooseView({status: 'loading'}, signedOut).kind).toBe('loading');
    expect(chooseView({status: 'loading'}, as('ivy@clinic.test')).kind).toBe('loading');
    // The invitation is known but the session is not yet: no signed-out links flash before the signed-in view.
    expect(chooseView(loaded, {ready: false, serverError: false, user: null}).kind).toBe('loading');
  });

  it('shows the invalid-link view whatever the session', () => {
    expect(chooseView({status: 'invalid'}, {ready: false, serverError: false, user: null}).kind).toBe('invalid');
    expect(chooseView({status: 'invalid'}, as('ivy@clinic.test')).kind).toBe('invalid');
  });

  it('passes other lookup failures on with their message', () => {
    expect(chooseView({status: 'failed', message: 'Network error. Please check your connection.'}, signedOut)).toEqual({
      kind: 'failed',
      message: 'Network error. Please check your connection.',
    });
  });

  it('signed out: the sign-in / sign-up view', () => {
    expect(chooseView(loaded, signedOut)).toEqual({kind: 'signed-out', invitation});
  });

  it('a session that could not be checked offers a retry instead of guessing', () => {
    expect(chooseView(loaded, {ready: true, serverError: true, user: null}).kind).toBe('server-error');
  });

  it('signed in as another address, even one in a team: says so', () => {
    expect(chooseView(loaded, as('someone@else.test'))).toEqual({
      kind: 'wrong-account',
      invitation,
      signedInAs: 'someone@else.test',
    });
    expect(chooseView(loaded, as('someone@else.test', 'Other')).kind).toBe('wrong-account');
  });

  it('the invitee already in a team must leave it first', () => {
    expect(chooseView(loaded, as('ivy@clinic.test', 'South Clinic'))).toEqual({
      kind: 'in-team',
      invitation,
      currentTeam: 'South Clinic',
    });
  });

  it('the invitee with no team may join; addresses compare as the server normalises them', () => {
    expect(chooseView(loaded, as('ivy@clinic.test'))).toEqual({kind: 'invitee', invitation});
    expect(chooseView(loaded, as(' IVY@Clinic.test ')).kind).toBe('invitee');
  });

  it('after declining, the confirmation stays whatever the session', () => {
    expect(chooseView({status: 'declined', invitation}, signedOut)).toEqual({kind: 'declined', invitation});
    expect(chooseView({status: 'declined', invitation}, as('ivy@clinic.test'))).toEqual({kind: 'declined', invitation});
  });
});

describe('texts', () => {
  it('names the inviter, the address, the team and the role', () => {
    expect(roleWithArticle('member')).toBe('a member');
    expect(roleWithArticle('admin')).toBe('an admin');
    expect(invitationSentence(invitation)).toBe(
      'Olivia Owner invited ivy@clinic.test to join North Clinic as a member.',
    );
    expect(invitationSentence({...invitation, role: 'admin', inviterName: null})).toBe(
      'A teammate invited ivy@clinic.test to join North Clinic as an admin.',
    );
  });

  it('counts active personal keys only', () => {
    expect(countActiveKeys([])).toBe(0);
    expect(countActiveKeys([{status: 'active'}, {status: 'revoked'}, {status: 'active'}])).toBe(2);
  });

  it('says how many active keys move, and nothing when none do', () => {
    expect(movingKeysNotice(0, 'North Clinic')).toBeNull();
    expect(movingKeysNotice(1, 'North Clinic')).toBe(
      "1 active personal API key will move into North Clinic. It keeps working and becomes the team's.",
    );
    expect(movingKeysNotice(3, 'North Clinic')).toBe(
      "3 active personal API keys will move into North Clinic. They keep working and become the team's.",
    );
  });

  it('builds the sign-up and return links with the token encoded', () => {
    expect(registerHref('a-B_c', 'ivy+1@clinic.test')).toBe('/register?invitation=a-B_c&email=ivy%2B1%40clinic.test');
    expect(acceptInvitationPath('a-B_c')).toBe('/accept-invitation?token=a-B_c');
  });
});
