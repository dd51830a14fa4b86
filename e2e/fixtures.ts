/**
 * Playwright fixtures for IntakeKit's end-to-end tests. Import `test` and `expect` from here, not from
 * @playwright/test.
 *
 * - `mail.waitFor(to, {subject})`: the newest email the SMTP sink received for `to` (polls; never sleeps).
 * - `stack.stopApi()` / `stack.startApi(env)`: stop or restart the real API (same database), e.g. with
 *   `{LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'}`; every test that changes it restores the default in `finally`.
 * - `stack.admin(...args)`: the operator's `npm run admin` on the API's database (stop the API first on PGlite).
 * - `users.create({teamName})`: a new verified account made through the API and its real verification email.
 * - `users.member(owner)`: a new verified account that joined the owner's team through the invitation email.
 * - `users.team(teamName, {owner, member})`: both of those, named.
 * - `users.signIn(page, user)`: stores a session token for that user as the sign-in page would.
 * - `gotoHydrated(page, path)`: navigates and waits until React has hydrated.
 * - `expectAccessible(page)`: axe-core finds no serious or critical violation.
 * - `secondPage`: a page in a second browser context of its own (another person's browser: its own localStorage
 *   and session), with the same viewport and options as `page`, recorded and checked like it.
 * Every test fails on an uncaught page error, a console error other than a failed network request, or a native
 * alert, confirm or prompt.
 * Every password, token and key the browser or apiCall exchanges with the API is recorded for e2e/logs.audit.ts.
 */
import {test as base, expect, type BrowserContext, type Page, type Request} from '@playwright/test';
import {createRequire} from 'node:module';
import {API_URL, CONTROL_URL} from './support/ports';
import type {ReceivedMail} from './support/mail-sink';
import {recordAuthorization, recordRequestBody, recordRequestText, recordResponse, recordUrl} from './support/secrets';

export {expect};
export type {ReceivedMail};

export const TURNSTILE_PLACEHOLDER = 'XXXX.DUMMY.TOKEN.XXXX';
export const DEFAULT_PASSWORD = 'Correct-Horse-42';

export interface TestUser {
  email: string;
  password: string;
  name: string;
  teamName?: string;
}

let counter = 0;
/** A unique address per call, so tests never share accounts. */
export function uniqueEmail(prefix = 'dev'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@clinic.test`;
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export const mail = {
  async list(to: string): Promise<ReceivedMail[]> {
    return json<ReceivedMail[]>(await fetch(`${CONTROL_URL}/mail?to=${encodeURIComponent(to)}`));
  },
  /** Waits for an email to `to` whose subject matches; `after` skips messages already seen (by id). */
  async waitFor(to: string, {subject, after = 0}: {subject?: RegExp; after?: number} = {}): Promise<ReceivedMail> {
    let found: ReceivedMail | undefined;
    await expect
      .poll(
        async () => {
          const messages = await mail.list(to);
          found = messages.filter((m) => m.id > after && (!subject || subject.test(m.subject))).at(-1);
          return Boolean(found);
        },
        // The sink answers from memory and mail lands within tens of milliseconds: probe often rather than back off
        // to expect.poll's default second-long intervals, which every account made through the API would wait out.
        {
          message: `an email to ${to}${subject ? ` matching ${subject}` : ''}`,
          timeout: 15_000,
          intervals: [25, 50, 100],
        },
      )
      .toBe(true);
    return found!;
  },
  /** The first link in the email that contains `fragment` (e.g. '/verify?token='). */
  link(message: ReceivedMail, fragment: string): string {
    const link = message.links.find((l) => l.includes(fragment));
    if (!link) throw new Error(`no link with ${fragment} in "${message.subject}": ${message.links.join(', ')}`);
    return link;
  },
};

export const stack = {
  async stopApi(): Promise<void> {
    await json(await fetch(`${CONTROL_URL}/api/stop`, {method: 'POST'}));
  },
  async startApi(env: Record<string, string> = {}): Promise<void> {
    await json(await fetch(`${CONTROL_URL}/api/start`, {method: 'POST', body: JSON.stringify(env)}));
  },
  /** The operator's command (`npm run admin -- ...args`) on the API's database; its exit code and what it printed. */
  async admin(...args: string[]): Promise<{code: number | null; output: string}> {
    return json(await fetch(`${CONTROL_URL}/admin`, {method: 'POST', body: JSON.stringify({args})}));
  },
  /** Everything the API printed during this run, across every restart. */
  async logs(): Promise<string> {
    return (await fetch(`${CONTROL_URL}/api/logs`)).text();
  },
};

export async function apiCall<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const source = `apiCall ${method} ${path.split('?')[0]}`;
  recordUrl(path, source);
  recordRequestBody(body, source);
  recordAuthorization(headers.authorization, source);
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const result = await json<T>(res);
  recordResponse(result, res.headers.get('x-new-token'), source);
  return result;
}

/** A document on the portal's origin that runs no script: the place to write the session token before opening a page. */
const SESSION_DOCUMENT = '/img/favicon.svg';

export const users = {
  /** Signs up through the API and follows the real verification email's link through the API. */
  async create(
    options: {teamName?: string; name?: string; verified?: boolean; email?: string} = {},
  ): Promise<TestUser> {
    const user: TestUser = {
      email: options.email ?? uniqueEmail(),
      password: DEFAULT_PASSWORD,
      name: options.name ?? 'Dana Developer',
      teamName: options.teamName,
    };
    await apiCall('POST', '/api/auth/register', {
      email: user.email,
      password: user.password,
      name: user.name,
      teamName: user.teamName,
      turnstileToken: TURNSTILE_PLACEHOLDER,
    });
    if (options.verified !== false) {
      const message = await mail.waitFor(user.email, {subject: /verify/i});
      const token = new URL(mail.link(message, '/verify?token=')).searchParams.get('token');
      await apiCall('GET', `/api/auth/verify?token=${encodeURIComponent(token ?? '')}`);
    }
    return user;
  },
  /** A new verified account that joined `owner`'s team through the invitation email's link (as a member). */
  async member(owner: TestUser, options: {name?: string} = {}): Promise<TestUser> {
    const member = await users.create(options);
    await apiCall('POST', '/api/team/add', {email: member.email}, await users.token(owner));
    const invitation = await mail.waitFor(member.email, {subject: /invited you to join/});
    const token = new URL(mail.link(invitation, '/accept-invitation?token=')).searchParams.get('token');
    await apiCall('POST', '/api/invitations/accept', {token}, await users.token(member));
    return member;
  },
  /** A team of two: its owner, who made it at sign-up, and a member who joined through the invitation email. */
  async team(teamName: string, names: {owner: string; member: string}): Promise<{owner: TestUser; member: TestUser}> {
    const owner = await users.create({name: names.owner, teamName});
    return {owner, member: await users.member(owner, {name: names.member})};
  },
  async token(user: TestUser): Promise<string> {
    const {token} = await apiCall<{token: string}>('POST', '/api/auth/login', {
      email: user.email,
      password: user.password,
      turnstileToken: TURNSTILE_PLACEHOLDER,
    });
    return token;
  },
  /** Signs in as a person does: the sign-in page's form (the session then carries the browser's User-Agent). */
  async signInThroughForm(page: Page, user: TestUser): Promise<void> {
    await gotoHydrated(page, '/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', {exact: true}).fill(user.password);
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
  },
  /** Logs out through the sidebar (behind the menu on a phone) and waits until the session is forgotten. */
  async signOut(page: Page): Promise<void> {
    const menu = page.getByRole('button', {name: 'Menu', exact: true});
    if (await menu.isVisible()) await menu.click();
    await page.locator('#developer-sidebar').getByRole('button', {name: 'Log out'}).click();
    await expect(page).toHaveURL(/\/($|\?)/);
    // The address changes before the signed-in page lets go of the session: wait until it has.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  },
  /** Puts a fresh session token where the portal keeps it, then opens `path`. */
  async signIn(page: Page, user: TestUser, path = '/dashboard'): Promise<string> {
    const token = await users.token(user);
    // Any document of the portal's origin reaches its localStorage. A static image runs no script, so this costs no
    // hydration, and it unloads a portal page still open in this tab (whose late answers could store its own token).
    await page.goto(SESSION_DOCUMENT);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await gotoHydrated(page, path);
    return token;
  },
};

export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

/**
 * Opens a page of the Developer navigation by its link, as a reader goes from page to page: the router renders it in
 * the document already loaded, with nothing to load and hydrate again (0.7 s a guide page against 1.2 s with
 * gotoHydrated on an idle machine, 2026-11-27). On a phone the navigation is behind the menu button, which is used
 * first. Done when the link is marked as the current page (the router keeps showing the previous page until the new
 * one's code has loaded) and the menu has closed. The page already open is left as it is.
 */
export async function openFromSidebar(page: Page, {name, path}: {name: string; path: string}): Promise<void> {
  if (new URL(page.url()).pathname === path) return;
  const menu = page.getByRole('button', {name: 'Menu', exact: true});
  const menuPanel = page.getByRole('dialog', {name: 'Developer'});
  const link = page.getByRole('navigation', {name: 'Developer navigation'}).getByRole('link', {name, exact: true});
  // The shell (its navigation, or on a phone its menu button) comes with the session check, after hydration.
  await expect(link.or(menu).first()).toBeVisible();
  const phone = await menu.isVisible();
  if (phone) {
    // The shell closes the menu whenever the address changes, which the page opened last may still be doing (on
    // CI the menu opened right after sign-in was closed again, and the link waited for two minutes): open it again
    // until the link is there to click.
    await expect(async () => {
      if (!(await menuPanel.isVisible())) await menu.click();
      await link.click({timeout: 2000});
    }).toPass();
  } else await link.click();
  const nav = page.getByRole('navigation', {name: 'Developer navigation', includeHidden: true});
  await expect(nav.getByRole('link', {name, exact: true, includeHidden: true})).toHaveAttribute('aria-current', 'page');
  if (phone) await expect(menuPanel).toBeHidden();
}

const axePath = createRequire(__filename).resolve('axe-core/axe.min.js');

/**
 * Fails on any serious or critical axe violation of the page, or only of the parts `within` names (CSS selectors): a
 * page as long as the API reference takes 20-45 s to audit whole, where the parts a test opened are what it adds.
 */
export async function expectAccessible(page: Page, {within}: {within?: string[]} = {}): Promise<void> {
  // A colour read mid-transition (a dialog fading in, a button's hover) is neither colour: axe then reports a
  // contrast that no person sees. Wait for running animations and transitions to end first; endless ones (a
  // loading spinner) never finish and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        // A transition cancelled meanwhile (the pointer left a button) rejects: it is no longer running either.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Once per document: a second audit of the same document (a dialog opened since) reuses it, and parsing its
  // half megabyte again cost 85 to 450 ms each time here.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({path: axePath});
  // Long pages skip the rendering of what is off screen (content-visibility: auto) until the reader scrolls to it.
  // axe measures colours and stacking across the whole page in one pass, where those parts have only their reserved
  // size, and then reads backgrounds from the wrong boxes. Audited as the reader sees each part: rendered.
  const rendered = await page.addStyleTag({content: '* { content-visibility: visible !important; }'});
  const violations = await page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document | {include: string[][]},
            opts: object,
          ) => Promise<{
            violations: Array<{id: string; impact: string | null; help: string; nodes: Array<{target: unknown}>}>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(include ? {include: include.map((selector) => [selector])} : document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 5),
      }));
  }, within);
  await rendered.evaluate((style) => {
    style.parentNode?.removeChild(style);
  });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

interface Options {
  /** Console errors this test expects (e.g. while the API is stopped); matched against the message text. */
  allowConsoleErrors: RegExp[];
}

interface Fixtures {
  /** A page in a separate browser context (another person), opened on first use. */
  secondPage: Page;
}

const isApiRequest = (request: Request) => request.url().startsWith(`${API_URL}/`);
const describeRequest = (request: Request) => `browser ${request.method()} ${new URL(request.url()).pathname}`;

/**
 * Records the secrets in the context's traffic with the API. Request data is read synchronously (a request still
 * in flight when the test ends must not hold up its teardown); responses once they have finished loading.
 */
function recordApiTraffic(context: BrowserContext): () => Promise<void> {
  const pending = new Set<Promise<void>>();
  context.on('request', (request) => {
    if (!isApiRequest(request)) return;
    const source = describeRequest(request);
    recordUrl(request.url(), source);
    recordRequestText(request.postData(), source);
    recordAuthorization(request.headers().authorization, source);
  });
  context.on('requestfinished', (request) => {
    if (!isApiRequest(request)) return;
    const work = (async () => {
      const response = await request.response();
      if (!response) return;
      const headers = response.headers();
      // A page that navigated away may take the body with it; a body we cannot read reached no log through us.
      const body: unknown = /json/.test(headers['content-type'] ?? '')
        ? await response.json().catch(() => undefined)
        : undefined;
      recordResponse(body, headers['x-new-token'], describeRequest(request));
    })().catch(() => undefined);
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  return async () => {
    await Promise.all(pending);
  };
}

/** Collects the page's uncaught errors, console errors and native dialogs (see the header); the caller asserts none were seen. */
function watchConsole(page: Page, allowConsoleErrors: RegExp[]): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Chromium reports every 4xx/5xx and refused connection as a console error; the tests assert those
    // answers through the page itself, so only script errors count here.
    if (/^Failed to load resource/.test(text)) return;
    if (allowConsoleErrors.some((pattern) => pattern.test(text))) return;
    problems.push(`console error: ${text}`);
  });
  // The portal asks and tells in its own accessible dialogs; a native alert, confirm or prompt is a failure.
  page.on('dialog', (dialog) => {
    if (dialog.type() !== 'beforeunload') problems.push(`native ${dialog.type()}(): ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}

export const test = base.extend<Options & Fixtures>({
  allowConsoleErrors: [[], {option: true}],
  context: async ({context}, use) => {
    const settled = recordApiTraffic(context);
    await use(context);
    await settled();
  },
  page: async ({page, allowConsoleErrors}, use) => {
    const problems = watchConsole(page, allowConsoleErrors);
    await use(page);
    expect(problems, 'errors in the browser console').toEqual([]);
  },
  secondPage: async (
    {browser, baseURL, viewport, bypassCSP, userAgent, deviceScaleFactor, isMobile, hasTouch, allowConsoleErrors},
    use,
  ) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      bypassCSP,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
    });
    const settled = recordApiTraffic(context);
    const page = await context.newPage();
    const problems = watchConsole(page, allowConsoleErrors);
    await use(page);
    await context.close();
    await settled();
    expect(problems, 'errors in the second browser console').toEqual([]);
  },
});
