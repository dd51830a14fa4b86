/**
 * Team: the Team page shows each person only what their role allows, every confirmation is the
 * in-app dialog (never window.confirm/alert), refused actions are shown in the page, invitations are rows with
 * 'INVITED', 'Expires in N days', Resend and Revoke; role changes, transfer of ownership, leaving from the Team
 * page and from Settings; the page at 375 and 360 px ('You' badge whole, the top bar names the page).
 *
 * Teams are built the honest way: accounts through the API, invitations sent with the owner's session (the page's
 * form is tested once, on its own), the link read from the email the SMTP sink received, and accepted with the
 * invitee's own session (POST /api/invitations/accept).
 */
import type {Page} from '@playwright/test';
import {
  test,
  expect,
  apiCall,
  expectAccessible,
  gotoHydrated,
  mail,
  users,
  uniqueEmail,
  type TestUser,
} from './fixtures';

const CONFIRM_REMOVE = 'Remove this team member?';
const SHARE_NOTE = /share its API keys/;
const INVITATION_SUBJECT = /invited you to join/;

const memberRows = (page: Page) => page.getByTestId('team-member-row');
const invitationRows = (page: Page) => page.getByTestId('team-invitation-row');
const rowFor = (page: Page, email: string) => memberRows(page).filter({hasText: email});
const invitationFor = (page: Page, email: string) => invitationRows(page).filter({hasText: email});
const dialog = (page: Page) => page.getByRole('dialog');
const inviteForm = (page: Page) => page.getByRole('form', {name: 'Invite a team member'});

/** Fills and sends the invite form; resolves once the page says the invitation went out. */
async function inviteInPage(
  page: Page,
  email: string,
  options: {name?: string; role?: 'Member' | 'Admin'} = {},
): Promise<void> {
  await page.getByLabel('Email', {exact: true}).fill(email);
  if (options.name) await page.getByLabel(/^Name/).fill(options.name);
  if (options.role) await page.getByLabel('Role', {exact: true}).selectOption({label: options.role});
  await page.getByRole('button', {name: 'Add member'}).click();
  await expect(page.getByRole('status').filter({hasText: `Invitation sent to ${email}`})).toBeVisible();
}

/** The token of the newest invitation email to `email`, read from its link. */
async function invitationToken(email: string, after = 0): Promise<{token: string; id: number}> {
  const message = await mail.waitFor(email, {subject: INVITATION_SUBJECT, after});
  const token = new URL(mail.link(message, '/accept-invitation?token=')).searchParams.get('token');
  if (!token) throw new Error(`no token in the invitation to ${email}`);
  return {token, id: message.id};
}

/** The invitee accepts the newest invitation from their own session, as the accept page's Join button does. */
async function acceptInvitation(user: TestUser): Promise<void> {
  const {token} = await invitationToken(user.email);
  await apiCall('POST', '/api/invitations/accept', {token}, await users.token(user));
}

interface Joiner {
  user: TestUser;
  role?: 'Member' | 'Admin';
}

/**
 * Invites each joiner with the owner's session through POST /api/team/add (what the page's form sends; the form
 * itself is tested in 'the owner invites through the page'), has each accept from the email, then signs the owner
 * in on /team.
 */
async function buildTeam(page: Page, owner: TestUser, joiners: Joiner[]): Promise<void> {
  const ownerToken = await users.token(owner);
  for (const {user, role} of joiners) {
    await apiCall(
      'POST',
      '/api/team/add',
      {email: user.email, role: role === 'Admin' ? 'admin' : 'member'},
      ownerToken,
    );
    await acceptInvitation(user);
  }
  await users.signIn(page, owner, '/team');
  await expect(memberRows(page)).toHaveCount(joiners.length + 1);
}

type NewJoiner = {name: string; role?: 'Member' | 'Admin'};

/**
 * A new team called `teamName`: its owner (Olivia Owner unless named) and an account for each joiner, created by
 * name and joined through buildTeam, so the owner ends signed in on /team. Gives the owner, then the joiners in order.
 */
async function newTeam<const J extends readonly NewJoiner[]>(
  page: Page,
  teamName: string,
  joiners: J,
  ownerName = 'Olivia Owner',
): Promise<[TestUser, ...{-readonly [K in keyof J]: TestUser}]> {
  const owner = await users.create({name: ownerName, teamName});
  const team: Joiner[] = [];
  for (const {name, role} of joiners) team.push({user: await users.create({name}), role});
  await buildTeam(page, owner, team);
  return [owner, ...(team.map(({user}) => user) as {-readonly [K in keyof J]: TestUser})];
}

interface TeamAnswer {
  role: string;
  users: Array<{id: string; email: string; role: string}>;
}

/** GET /api/team as `user`: their role and the members, or the refusal's status (404 once they have no team). */
async function teamOf(user: TestUser): Promise<{status: number} & Partial<TeamAnswer>> {
  try {
    const team = await apiCall<TeamAnswer>('GET', '/api/team', undefined, await users.token(user));
    return {status: 200, ...team};
  } catch (error) {
    const status = Number(/^(\d{3}) /.exec((error as Error).message)?.[1] ?? 0);
    return {status};
  }
}

test('a user with no team sees No Team Organization', async ({page}) => {
  const user = await users.create();
  await users.signIn(page, user, '/team');
  await expect(page.getByRole('heading', {name: 'No Team Organization'})).toBeVisible();
  await expect(page.getByRole('button', {name: 'Add member'})).toHaveCount(0);
  await expectAccessible(page);
});

test('the owner invites through the page: an INVITED row with its expiry, Resend and Revoke; refusals are shown in the page', async ({
  page,
}) => {
  const [owner, member] = await newTeam(page, 'Invite Clinic', [{name: 'Mia Member'}]);
  const invitee = uniqueEmail('invitee');

  await expect(page.getByRole('heading', {level: 1, name: 'Team'})).toBeVisible();
  await expect(page.getByText(SHARE_NOTE)).toBeVisible();
  for (const name of ['Member', 'Email', 'Role', 'Actions']) {
    await expect(page.getByRole('columnheader', {name, exact: true})).toBeVisible();
  }
  const own = rowFor(page, owner.email);
  await expect(own).toContainText('Olivia Owner');
  await expect(own).toContainText('OWNER');
  await expect(own.getByRole('button')).toHaveCount(0);

  // Email is required: the button stays disabled while it is empty. The owner may grant Member or Admin.
  const add = page.getByRole('button', {name: 'Add member'});
  await expect(add).toBeDisabled();
  await page.getByLabel(/^Name/).fill('Only a name');
  await expect(add).toBeDisabled();
  await page.getByLabel(/^Name/).fill('');
  await expect(page.getByLabel('Role', {exact: true}).locator('option')).toHaveText(['Member', 'Admin']);

  // An address with no account: a pending invitation row, 'INVITED' and 'Expires in 7 days', Resend and Revoke.
  await inviteInPage(page, invitee, {role: 'Admin'});
  await expect(page.getByLabel('Email', {exact: true})).toHaveValue('');
  const row = invitationFor(page, invitee);
  await expect(row).toContainText('INVITED');
  await expect(row).toContainText('(No name)');
  await expect(row).toContainText('Expires in 7 days');
  await expect(row).toContainText('As admin');
  await expect(row.getByRole('button', {name: /^Resend/})).toBeVisible();
  await expect(row.getByRole('button', {name: /^Revoke/})).toBeVisible();
  await expect(memberRows(page)).toHaveCount(2);
  const first = await invitationToken(invitee);
  await expectAccessible(page);

  // Inviting your own address, a current member or a pending address: the server's words, in the form.
  const inviteError = inviteForm(page).getByRole('alert');
  for (const [email, message] of [
    [owner.email, 'You are already a member of this team.'],
    [member.email, 'This person is already a member of your team.'],
    [invitee, 'This address already has a pending invitation to your team. You can resend it from the members list.'],
  ] as const) {
    await page.getByLabel('Email', {exact: true}).fill(email);
    await page.getByRole('button', {name: 'Add member'}).click();
    await expect(inviteError).toHaveText(message);
    // The typed address is kept for correction.
    await expect(page.getByLabel('Email', {exact: true})).toHaveValue(email);
  }
  await expectAccessible(page);

  // Resend within a minute of the last send is refused (429): the reason shows next to the list, not in the console.
  await row.getByRole('button', {name: /^Resend/}).click();
  const feedback = page.getByTestId('team-feedback');
  await expect(feedback).toHaveAttribute('role', 'alert');
  await expect(feedback).toContainText(`Failed to resend the invitation to ${invitee}`);
  await expect(feedback).toContainText('Too many requests');
  await expect(row.getByRole('button', {name: /^Resend/})).toBeEnabled();

  // Revoke: the row goes and the emailed link stops working.
  await row.getByRole('button', {name: /^Revoke/}).click();
  await expect(feedback).toHaveText(`The invitation to ${invitee} was revoked. Its link no longer works.`);
  await expect(feedback).toBeFocused();
  await expect(invitationRows(page)).toHaveCount(0);
  await expect(apiCall('POST', '/api/invitations/lookup', {token: first.token})).rejects.toThrow(
    /400 .*INVALID_OR_EXPIRED/,
  );
});

test('a plain member sees no invite form and no Remove buttons, and leaves the team from the Team page', async ({
  page,
}) => {
  const [owner, admin, member] = await newTeam(page, 'Member View Clinic', [
    {name: 'Ada Admin', role: 'Admin'},
    {name: 'Mo Member'},
  ]);
  await expect(rowFor(page, admin.email)).toContainText('ADMIN');

  await users.signIn(page, member, '/team');
  await expect(memberRows(page)).toHaveCount(3);
  await expect(page.getByText(SHARE_NOTE)).toBeVisible();
  // A plain member: no invite form, no Remove anywhere (not on the owner's row either), no role buttons, no invitations.
  await expect(inviteForm(page)).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Add member'})).toHaveCount(0);
  await expect(page.getByRole('button', {name: /^Remove/})).toHaveCount(0);
  await expect(page.getByRole('button', {name: /^Make (admin|member)/})).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Transfer ownership'})).toHaveCount(0);
  await expect(rowFor(page, member.email)).toContainText('You');
  await expectAccessible(page);

  // Leave team: the in-app dialog; Cancel keeps everything.
  await page.getByRole('button', {name: 'Leave team'}).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', {name: 'Leave Member View Clinic?'})).toBeVisible();
  await expect(dialog(page)).toContainText('The keys stay with the team.');
  await expectAccessible(page);
  await dialog(page).getByRole('button', {name: 'Cancel'}).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(memberRows(page)).toHaveCount(3);

  // Without a team the page asks for no team: no refused GET /api/team (Chromium logs each as a console error).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/team' && response.status() >= 400) refused.push(response.url());
  });
  await page.getByRole('button', {name: 'Leave team'}).click();
  await dialog(page).getByRole('button', {name: 'Leave team'}).click();
  await expect(page.getByRole('heading', {name: 'No Team Organization'})).toBeVisible();
  await expect(page.getByText('You left Member View Clinic.')).toBeVisible();
  await expectAccessible(page);
  expect((await teamOf(member)).status).toBe(404);
  expect((await teamOf(owner)).users?.map((u) => u.email)).toEqual([owner.email, admin.email]);

  // The signed-in user was fetched again: Settings (reached without reloading) no longer shows a team.
  await page.getByRole('link', {name: 'Settings'}).click();
  await expect(page.getByRole('heading', {level: 1, name: 'Settings'})).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expect(page.getByRole('textbox', {name: 'Team', exact: true})).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Leave team'})).toHaveCount(0);

  // The empty state offers a way on: a team of their own, named by the same rule as every name.
  await gotoHydrated(page, '/team');
  await expect(page.getByRole('heading', {name: 'No Team Organization'})).toBeVisible();
  expect(refused).toEqual([]);
  const create = page.getByRole('form', {name: 'Create a team'});
  await create.getByLabel('Team name').fill('mo.example.com');
  await create.getByRole('button', {name: 'Create team'}).click();
  await expect(create.getByText(/Names cannot contain a web or email address/).first()).toBeVisible();
  await create.getByLabel('Team name').fill('  Mo Solo Clinic ');
  await create.getByRole('button', {name: 'Create team'}).click();
  await expect(page.getByText('Manage who belongs to Mo Solo Clinic.')).toBeVisible();
  await expect(memberRows(page)).toHaveCount(1);
  await expect(rowFor(page, member.email)).toContainText('OWNER');
  await expect(inviteForm(page)).toBeVisible();
  // The session's user learnt it: Settings (without reloading) names the new team.
  await page.getByRole('link', {name: 'Settings'}).click();
  await expect(page.getByRole('textbox', {name: 'Team', exact: true})).toHaveValue('Mo Solo Clinic');
});

test('the owner removes a member with the in-app dialog, which says their keys stay valid and to rotate them', async ({
  page,
}) => {
  const owner = await users.create({teamName: 'Removal Clinic'});
  const stays = await users.create({name: 'Sam Stays'});
  const leaves = await users.create({name: 'Lee Leaves'});
  await buildTeam(page, owner, [{user: stays}, {user: leaves}]);

  // Cancelling keeps the member.
  await rowFor(page, leaves.email)
    .getByRole('button', {name: /^Remove/})
    .click();
  await expect(dialog(page).getByRole('heading', {name: CONFIRM_REMOVE})).toBeVisible();
  await expect(dialog(page)).toContainText('Lee Leaves');
  await expect(dialog(page)).toContainText('API keys this member could see stay valid');
  await expect(dialog(page).getByRole('link', {name: 'API Keys page'})).toHaveAttribute('href', '/api-keys');
  // Focus starts on Cancel, the safe choice; Escape closes.
  await expect(dialog(page).getByRole('button', {name: 'Cancel'})).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(memberRows(page)).toHaveCount(3);

  await rowFor(page, leaves.email)
    .getByRole('button', {name: /^Remove/})
    .click();
  await dialog(page).getByRole('button', {name: 'Remove member'}).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(rowFor(page, leaves.email)).toHaveCount(0);
  await expect(memberRows(page)).toHaveCount(2);
  await expect(page.getByTestId('team-feedback')).toHaveText('Lee Leaves was removed from Removal Clinic.');
  // The removed member lost access at once.
  expect((await teamOf(leaves)).status).toBe(404);
  // One status at a time: the invitation's replaces the removal's.
  await inviteInPage(page, uniqueEmail('next'));
  await expect(page.getByText('Lee Leaves was removed from Removal Clinic.')).toHaveCount(0);
});

test('the owner makes a member an admin and back; an admin removes members only; a refused removal shows in the dialog', async ({
  page,
}) => {
  const [owner, promoted, member] = await newTeam(page, 'Roles Clinic', [{name: 'Pat Promoted'}, {name: 'Mo Member'}]);

  const row = rowFor(page, promoted.email);
  await row.getByRole('button', {name: /^Make admin/}).click();
  await expect(row).toContainText('ADMIN');
  await expect(page.getByTestId('team-feedback')).toHaveText('Pat Promoted is now an admin.');
  await expect(row.getByRole('button', {name: /^Make member/})).toBeVisible();
  expect((await teamOf(promoted)).role).toBe('admin');

  await row.getByRole('button', {name: /^Make member/}).click();
  await expect(row).toContainText('MEMBER');
  await expect(page.getByTestId('team-feedback')).toHaveText('Pat Promoted is now a member.');
  expect((await teamOf(promoted)).role).toBe('member');
  await row.getByRole('button', {name: /^Make admin/}).click();
  await expect(row.getByRole('button', {name: /^Make member/})).toBeVisible();

  // The admin: the invite form without a role choice, Remove on members only, no role buttons, no transfer.
  await users.signIn(page, promoted, '/team');
  await expect(inviteForm(page)).toBeVisible();
  await expect(page.getByLabel('Role', {exact: true})).toHaveCount(0);
  await expect(rowFor(page, member.email).getByRole('button', {name: /^Remove/})).toBeVisible();
  await expect(rowFor(page, owner.email).getByRole('button')).toHaveCount(0);
  await expect(rowFor(page, promoted.email).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', {name: /^Make (admin|member)/})).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Transfer ownership'})).toHaveCount(0);
  await expectAccessible(page);

  // Meanwhile the owner makes them a plain member again: the Remove they still see is refused, and says so.
  const promotedId = (await teamOf(owner)).users?.find((u) => u.email === promoted.email)?.id;
  await apiCall('PATCH', `/api/team/${promotedId}`, {role: 'member'}, await users.token(owner));
  await rowFor(page, member.email)
    .getByRole('button', {name: /^Remove/})
    .click();
  await dialog(page).getByRole('button', {name: 'Remove member'}).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('You do not have permission to do this.');
  await expectAccessible(page);
  await dialog(page).getByRole('button', {name: 'Cancel'}).click();
  // The list reloaded with their new role: no Remove, no invite form.
  await expect(page.getByRole('button', {name: /^Remove/})).toHaveCount(0);
  await expect(inviteForm(page)).toHaveCount(0);
  expect((await teamOf(member)).status).toBe(200);
});

test('the owner transfers ownership with their password, then may leave', async ({page}) => {
  const [owner, heir] = await newTeam(page, 'Transfer Clinic', [{name: 'Hana Heir'}]);

  // The owner cannot leave: no Leave button, the Ownership section says to transfer first.
  await expect(page.getByRole('button', {name: 'Leave team'})).toHaveCount(0);
  await expect(page.getByText(/To leave the team, transfer ownership to another member first/)).toBeVisible();

  await page.getByRole('button', {name: 'Transfer ownership'}).click();
  const transfer = dialog(page);
  await expect(transfer.getByRole('heading', {name: 'Transfer ownership of Transfer Clinic?'})).toBeVisible();
  const confirm = transfer.getByRole('button', {name: 'Transfer ownership'});
  await expect(confirm).toBeDisabled();
  await transfer.getByLabel('New owner').selectOption({label: `Hana Heir (${heir.email}) · member`});
  await transfer.getByLabel('Your password').fill('not-my-password');
  await expectAccessible(page);
  await confirm.click();
  await expect(transfer.getByRole('alert')).toHaveText('That is not your current password. Please try again.');
  expect((await teamOf(owner)).role).toBe('owner');

  await transfer.getByLabel('Your password').fill(owner.password);
  await confirm.click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId('team-feedback')).toHaveText('Hana Heir now owns Transfer Clinic. You are an admin.');
  await expect(rowFor(page, heir.email)).toContainText('OWNER');
  await expect(rowFor(page, owner.email)).toContainText('ADMIN');
  expect((await teamOf(heir)).role).toBe('owner');
  // Now an admin: no transfer, and Leave team is offered.
  await expect(page.getByRole('button', {name: 'Transfer ownership'})).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Leave team'})).toBeVisible();
  await expectAccessible(page);
});

test('Settings has a Team section: a member leaves from there; the owner is told to transfer ownership first', async ({
  page,
}) => {
  const [, member] = await newTeam(page, 'Settings Clinic', [{name: 'Mo Member'}]);

  await gotoHydrated(page, '/settings');
  const section = page.getByRole('region', {name: 'Team', exact: true});
  await expect(section).toContainText('You own Settings Clinic');
  await expect(section.getByRole('link', {name: 'Team page'})).toHaveAttribute('href', '/team');
  await expect(section.getByRole('button', {name: 'Leave team'})).toHaveCount(0);
  await expectAccessible(page);

  await users.signIn(page, member, '/settings');
  await expect(section).toContainText('You are a member of this team.');
  await section.getByRole('button', {name: 'Leave team'}).click();
  await expect(dialog(page).getByRole('heading', {name: 'Leave Settings Clinic?'})).toBeVisible();
  await expectAccessible(page);
  await dialog(page).getByRole('button', {name: 'Leave team'}).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText(
    'You left Settings Clinic. Your account is no longer part of a team.',
  );
  await expect(page.getByRole('textbox', {name: 'Team', exact: true})).toHaveCount(0);
  expect((await teamOf(member)).status).toBe(404);

  await gotoHydrated(page, '/team');
  await expect(page.getByRole('heading', {name: 'No Team Organization'})).toBeVisible();
});

test.describe('in the dark theme', () => {
  test.use({colorScheme: 'dark'});

  test('the Team page, its invitation row and its dialogs pass axe', async ({page}) => {
    const [, member] = await newTeam(page, 'Dark Clinic', [{name: 'Mo Member'}]);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await inviteInPage(page, uniqueEmail('dark-invitee'));
    await expect(invitationRows(page)).toHaveCount(1);
    await expectAccessible(page);
    await rowFor(page, member.email)
      .getByRole('button', {name: /^Remove/})
      .click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', {name: 'Transfer ownership'}).click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
  });
});

for (const width of [375, 360]) {
  test.describe(`team at ${width} px`, () => {
    test.use({viewport: {width, height: 760}});

    test("the page reads as cards with the 'You' badge whole, and the top bar names each account page", async ({
      page,
    }) => {
      const [owner, member] = await newTeam(page, 'Phone Clinic', [{name: 'Mo Member'}], 'Olivia Owner-Montgomery');
      await inviteInPage(page, uniqueEmail('phone-invitee-with-a-long-address'));

      await expect(page.getByTestId('mobile-page-title')).toHaveText('Team');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // The badge is inside its card and inside the viewport: nothing scrolls sideways or clips it.
      const badge = rowFor(page, owner.email).getByText('You', {exact: true});
      await expect(badge).toBeVisible();
      const [badgeBox, rowBox] = await Promise.all([badge.boundingBox(), rowFor(page, owner.email).boundingBox()]);
      expect(badgeBox && rowBox).toBeTruthy();
      expect(badgeBox!.x).toBeGreaterThanOrEqual(rowBox!.x);
      expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
      expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(width);
      // Nor squeezed: the name and badge fit inside their cell's line box instead of running under or past it.
      expect(
        await badge.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth),
      ).toBeLessThanOrEqual(0);
      expect(await badge.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const region = page.getByRole('region', {name: 'Team members'});
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await expect(invitationRows(page)).toContainText('Expires in 7 days');
      await expectAccessible(page);

      // The remove dialog fits the phone too.
      await rowFor(page, member.email)
        .getByRole('button', {name: /^Remove/})
        .click();
      await expect(dialog(page)).toBeVisible();
      const dialogBox = await dialog(page).boundingBox();
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');

      // Every account page's top bar says its own name, not 'Developer'.
      for (const [path, title] of [
        ['/settings', 'Settings'],
        ['/api-keys', 'API Keys'],
      ] as const) {
        await gotoHydrated(page, path);
        await expect(page.getByTestId('mobile-page-title')).toHaveText(title);
      }
    });
  });
}
