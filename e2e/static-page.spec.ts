/**
 * The Quick Start's snippets run on a plain static page outside the portal: copied from the rendered
 * Quick Start with its Copy buttons, the placeholders replaced by a real sandbox key and a flow id, served from
 * another origin (so the SDK's call to the API is cross-origin, as on a customer's site), the flow shows its first
 * question.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {serveStatic} from '../scripts/lib/static-server.mjs';
import {maskApiKey} from '@intakekit/contract/api-keys';
import type {Page} from '@playwright/test';
import {test, expect, users, type TestUser} from './fixtures';
import {sandboxKey} from './support/keys';
import {API_URL, SITE_URL} from './support/ports';
import {copyBlock, copyQuickStart} from './support/quick-start';

const STATIC_PORT = 13900;
const STATIC_URL = `http://127.0.0.1:${STATIC_PORT}`;

/** A clinic's page: what the test copied or wrote, in the head and the body of an otherwise empty document. */
function hostPage({head, body}: {head: string; body: string}): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>My clinic</title>
    ${head}
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}

test.describe('the Quick Start on a static page', () => {
  let user: TestUser;
  let apiKey: string;
  let dir: string;
  let server: Server;

  test.beforeAll(async () => {
    user = await users.create({name: 'Sol Static'});
    apiKey = await sandboxKey(user);
    dir = mkdtempSync(path.join(tmpdir(), 'intakekit-static-'));
    server = await serveStatic({dir, port: STATIC_PORT, host: '127.0.0.1'});
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, {recursive: true, force: true});
  });

  test.beforeEach(async ({context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: SITE_URL});
  });

  test('the two tags and the init snippet, copied from the Quick Start, run and show the first question', async ({
    page,
  }) => {
    await users.signIn(page, user, '/dashboard/quick-start');
    // The snippets carry the reader's own key: masked on screen, whole in the clipboard. Nothing is edited.
    await expect(page.getByRole('status').filter({hasText: 'carry your sandbox key'})).toContainText(
      maskApiKey(apiKey),
    );
    const initBlock = page.locator('.theme-code-block').filter({hasText: 'IntakeKit.init'}).first();
    await expect(initBlock).toContainText(`apiKey: '${maskApiKey(apiKey)}'`);
    await expect(page.getByText(apiKey)).toHaveCount(0);
    const {install, initialise} = await copyQuickStart(page);

    const tags = install.trim().split('\n');
    expect(tags).toEqual([
      `<link rel="stylesheet" href="${SITE_URL}/sdk/v1/intake.css" />`,
      `<script src="${SITE_URL}/sdk/v1/intake.js"></script>`,
    ]);
    expect(initialise).toContain(`apiKey: '${apiKey}'`);
    expect(initialise).toContain("flowId: 'new-patient'");

    writeFileSync(
      path.join(dir, 'quick-start.html'),
      hostPage({head: install, body: `<h1>Patient intake</h1>\n${initialise}`}),
    );
    await page.goto(`${STATIC_URL}/quick-start.html`);
    expect(new URL(page.url()).origin).not.toBe(SITE_URL);
    const intake = page.locator('#intake');
    await expect(intake.getByRole('heading', {name: 'What brings you in today?'})).toBeVisible({timeout: 15_000});
    await expect(intake.getByText('Question 1 of 5')).toBeVisible();
    await expect(intake.getByRole('radio', {name: 'Annual check-up'})).toBeVisible();
    await expect(intake.getByRole('button', {name: 'Next'})).toBeVisible();
    await expect(intake.getByRole('alert')).toBeHidden();
  });

  test.describe('under a Content Security Policy', () => {
    // The suite bypasses CSP (axe is injected inline); this test is about the policy, so the browser applies it.
    test.use({bypassCSP: false});
    // What the second page, whose policy lacks the API, logs by design. The first page's violations are collected
    // from the document's securitypolicyviolation events and must be none.
    // One pattern: a list of several would read as Playwright's [value, options] form.
    test.use({
      allowConsoleErrors: [
        /Content Security Policy directive: "connect-src 'self'"|violates the document's Content Security Policy|could not reach the IntakeKit API/,
      ],
    });

    test("the Content Security Policy page's page and setup file run under its policy, which is enforced", async ({
      page,
    }) => {
      await users.signIn(page, user, '/dashboard/content-security-policy');
      const blocks = page.locator('.theme-code-block');
      const html = await copyBlock(page, blocks.filter({hasText: 'http-equiv="Content-Security-Policy"'}));
      const setup = await copyBlock(
        page,
        blocks.filter({hasText: 'intake-setup.js'}).filter({hasText: 'IntakeKit.init'}),
      );
      expect(html).toContain(`connect-src 'self' ${API_URL}`);
      expect(setup).toContain(`apiKey: '${apiKey}'`);
      writeFileSync(path.join(dir, 'csp.html'), html);
      writeFileSync(path.join(dir, 'intake-setup.js'), setup);
      // The policy without the API's address: the page must then be refused the call, or the policy tests nothing.
      writeFileSync(path.join(dir, 'csp-without-api.html'), html.replace(` ${API_URL}`, ''));

      const violations: string[] = [];
      await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as {reportViolation: (text: string) => void}).reportViolation(
            `${event.effectiveDirective} ${event.blockedURI}`,
          );
        });
      });
      await page.goto(`${STATIC_URL}/csp.html`);
      const intake = page.locator('#intake');
      await expect(intake.getByRole('heading', {name: 'What brings you in today?'})).toBeVisible({timeout: 15_000});
      await expect(intake.getByRole('alert')).toBeHidden();
      expect(violations).toEqual([]);

      await page.goto(`${STATIC_URL}/csp-without-api.html`);
      await expect(intake.getByRole('alert')).toContainText('could not reach the IntakeKit API');
      expect(violations).toContain(`connect-src ${API_URL}/api/sdk/sessions`);
    });
  });

  test("the Theming page's custom properties, copied onto a page, give the widget the brand's colour", async ({
    page,
  }) => {
    await users.signIn(page, user, '/dashboard/theming');
    const theme = await copyBlock(page, page.locator('.theme-code-block').filter({hasText: '--ik-accent:'}));
    writeFileSync(
      path.join(dir, 'themed.html'),
      hostPage({
        head: `<link rel="stylesheet" href="${SITE_URL}/sdk/v1/intake.css" />
    <script src="${SITE_URL}/sdk/v1/intake.js"></script>
    <style>${theme}</style>`,
        body: `<div id="intake"></div>
    <script>IntakeKit.init({container: '#intake', apiKey: '${apiKey}', flowId: 'new-patient', theme: 'light'});</script>`,
      }),
    );
    await page.goto(`${STATIC_URL}/themed.html`);
    const next = page.locator('#intake').getByRole('button', {name: 'Next'});
    await expect(next).toBeVisible({timeout: 15_000});
    // #0f766e, the accent of the page's example.
    await expect(next).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  });

  /**
   * Copies the complete page of a code block (the one that starts with a doctype) from the guide page the browser is
   * on, serves it from the clinic's origin as `name` and opens it: the flow's first question shows in `container`.
   */
  async function runCopiedPage(page: Page, name: string, container: string): Promise<void> {
    const file = await copyBlock(page, page.locator('.theme-code-block').filter({hasText: '<!doctype html>'}));
    expect(file).toContain(`${SITE_URL}/sdk/v1/intake.js`);
    expect(file).toContain(`apiKey: '${apiKey}'`);
    writeFileSync(path.join(dir, name), file);

    await page.goto(`${STATIC_URL}/${name}`);
    const intake = page.locator(container);
    await expect(intake.getByRole('heading', {name: 'What brings you in today?'})).toBeVisible({timeout: 15_000});
    await expect(intake.getByRole('alert')).toBeHidden();
  }

  test("the Frameworks page's plain HTML file, copied, runs as is", async ({page}) => {
    await users.signIn(page, user, '/dashboard/frameworks');
    await page.getByRole('tab', {name: 'HTML'}).click();
    await runCopiedPage(page, 'framework.html', '#intake');
  });

  test('the complete phone-mockup page, copied from the Quick Start, runs', async ({page}) => {
    await users.signIn(page, user, '/dashboard/quick-start');
    await runCopiedPage(page, 'phone.html', '.phone #intake');
  });
});
