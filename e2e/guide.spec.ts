/**
 * The SDK guide: the dashboard, the Quick Start's snippets and their Copy buttons, and the live demo.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import type {Locator, Page} from '@playwright/test';
import {test, expect, users, gotoHydrated, expectAccessible, openFromSidebar, type TestUser} from './fixtures';
import {sandboxKey} from './support/keys';
import {GUIDE} from './support/guide-pages';
import {SEARCH_INDEX_PATH} from '../src/components/search/search-options';
import {maskApiKey} from '@intakekit/contract/api-keys';
import {API_URL, SITE_URL} from './support/ports';
import {recordLayoutShifts} from './support/layout-shifts';

const SDK_CDN_URL = `${SITE_URL}/sdk/v1`;
const API_REFERENCE = '/dashboard/api-reference';

/**
 * Waits until the API reference has rendered every operation: it adds them in batches after its first screen and is
 * marked busy (`aria-busy`, as a screen reader hears it) until the last is in.
 */
async function expectWholeReference(page: Page): Promise<void> {
  await expect(page.getByRole('heading', {level: 2, name: 'Authenticating requests'})).toBeVisible({timeout: 30_000});
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, {timeout: 30_000});
}

/**
 * Runs `visit` on every code block of the page in turn, the ones behind other tabs too: it selects each tab of the
 * page to reveal them, as a reader would. The guide's tabs mount only the chosen panel, so a block is known by its
 * code, not by its place on the page (which changes as panels mount).
 */
/** Returns how many blocks it visited. */
async function eachCodeBlock(page: Page, visit: (block: Locator, index: number) => Promise<void>): Promise<number> {
  const blocks = page.locator('.theme-code-block');
  const visited = new Set<string>();
  await eachTab(page, async () => {
    // Each block's code, or null when it is not shown (judged as Playwright's isVisible does), read
    // in one call: a call per block and per tab cost seconds on the Quick Start.
    const codes = await blocks.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        const shown =
          element.checkVisibility() &&
          getComputedStyle(element).visibility === 'visible' &&
          box.width > 0 &&
          box.height > 0;
        return shown ? (element.querySelector('pre')?.textContent ?? '') : null;
      }),
    );
    for (const [i, code] of codes.entries()) {
      if (code === null || visited.has(code)) continue;
      visited.add(code);
      await visit(blocks.nth(i), visited.size - 1);
    }
  });
  return visited.size;
}

/** Runs `visit` on the page as it opened, then after choosing each of its tabs in turn. */
async function eachTab(page: Page, visit: () => Promise<void>): Promise<void> {
  const tabs = page.getByRole('tab');
  const tabCount = await tabs.count();
  for (let tab = -1; tab < tabCount; tab += 1) {
    if (tab >= 0) await tabs.nth(tab).click();
    await visit();
  }
}

/**
 * Opens the Quick Start at Lighthouse's desktop size with the key list held until the page is on screen (a slow
 * network), lets it answer, waits for the note on the snippets' key to say `noteSays`, and returns the layout shifts
 * inside the article the reader did not cause.
 */
async function openQuickStartWithKeysHeld(page: Page, reader: TestUser, noteSays: string): Promise<string[]> {
  await page.setViewportSize({width: 1350, height: 940});
  const articleShifts = await recordLayoutShifts(page, 'article');
  let answerKeys = () => {};
  const keysHeld = new Promise<void>((resolve) => (answerKeys = resolve));
  await page.route(`${API_URL}/api/keys`, async (route) => {
    await keysHeld;
    await route.continue();
  });
  await users.signIn(page, reader, '/dashboard/quick-start');
  await expect(page.locator('.theme-code-block').first().getByRole('button', {name: 'Copy'})).toBeVisible();
  answerKeys();
  await expect(page.getByRole('status').filter({hasText: noteSays})).toBeVisible();
  return articleShifts();
}

/** How long a Copy button says 'Copied!'. */
const COPIED_MS = 2000;

test.describe('the SDK guide', () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await users.create({name: 'Dana Developer'});
  });

  test('the dashboard greets the user and shows the cards, Getting Started and Next Steps', async ({page}) => {
    await users.signIn(page, user, '/dashboard');
    // A first visit is not greeted as a return; the next one is.
    await expect(page.getByRole('heading', {level: 1, name: 'Welcome, Dana Developer'})).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', {level: 1, name: 'Welcome back, Dana Developer'})).toBeVisible();
    for (const title of ['Documentation', 'Quick Start', 'Secure API']) {
      await expect(page.getByRole('heading', {level: 2, name: title})).toBeVisible();
    }
    // Documentation opens the guide's introduction (this page's Getting Started), not the API reference.
    await page.getByRole('link', {name: /^Documentation/}).click();
    await expect(page).toHaveURL(/\/dashboard#getting-started$/);
    await expect(page.getByRole('heading', {level: 2, name: 'Getting Started'})).toBeInViewport();
    await expect(page.getByText('5 min', {exact: true})).toBeVisible();
    await expect(page.getByText('Enterprise', {exact: true})).toBeVisible();
    await expect(page.getByRole('heading', {level: 2, name: 'Getting Started'})).toBeVisible();
    await expect(page.getByRole('heading', {level: 2, name: 'Next Steps'})).toBeVisible();

    // A hovered Next Steps card underlines its title only: the link itself (whose underline would run under the
    // description and the arrow too) has none.
    const card = page.getByRole('link', {name: /Follow the Quick Start/});
    await card.hover();
    const decoration = (element: Element) => getComputedStyle(element).textDecorationLine;
    await expect
      .poll(() => card.getByText('Follow the Quick Start', {exact: true}).evaluate(decoration))
      .toBe('underline');
    expect(await card.evaluate(decoration)).toBe('none');

    await card.click();
    await expect(page).toHaveURL(/\/dashboard\/quick-start$/);
  });

  test('the Quick Start has its four steps, the wrappers, Python and a closing panel', async ({page}) => {
    await users.signIn(page, user, '/dashboard/quick-start');
    for (const step of ['Get an API key', 'Install the SDK', 'Initialize the client', 'Configuration reference']) {
      await expect(page.getByRole('heading', {level: 3, name: step})).toBeVisible();
    }
    await expect(page.getByRole('link', {name: 'API Keys', exact: true}).first()).toHaveAttribute('href', '/api-keys');
    await expect(page.getByText('Sandbox recommended', {exact: false})).toBeVisible();
    const table = page.getByRole('table');
    for (const parameter of ['container', 'apiKey', 'flowId', 'env']) {
      await expect(table.getByRole('cell', {name: parameter, exact: true})).toBeVisible();
    }
    for (const title of ['phone-mockup.html', 'IntakeForm.tsx', 'App.tsx', 'create_session.py']) {
      await expect(page.getByText(title, {exact: true})).toBeVisible();
    }
    // The Vue wrapper is one tab away.
    await page.getByRole('tab', {name: 'Vue'}).click();
    for (const title of ['IntakeForm.vue', 'App.vue']) {
      await expect(page.getByText(title, {exact: true})).toBeVisible();
    }
    await expect(page.getByText('IntakeForm.tsx', {exact: true})).toBeHidden();
    // The CDN address comes from the site's configuration, never a placeholder.
    await expect(page.locator('pre').first()).toContainText(`${SDK_CDN_URL}/intake.js`);
    // Without a sandbox key the snippets keep the placeholder, and the page says how to get one.
    const note = page.getByRole('status').filter({hasText: 'no active sandbox key yet'});
    await expect(note).toHaveText(
      'You have no active sandbox key yet. Create a sandbox key and the snippets on this page will carry it; until then they show YOUR_SANDBOX_KEY.',
    );
    await expect(note.getByRole('link', {name: 'Create a sandbox key'})).toHaveAttribute('href', '/api-keys');
    await expect(page.locator('pre').filter({hasText: 'IntakeKit.init'}).first()).toContainText(
      "apiKey: 'YOUR_SANDBOX_KEY'",
    );
    await expect(page.locator('pre', {hasText: '%SDK_CDN_URL%'})).toHaveCount(0);

    const panel = page.getByRole('region', {name: 'Where to next'});
    await expect(panel.getByRole('link', {name: /live demo/})).toHaveAttribute('href', '/dashboard/demo');
    await expect(panel.getByRole('link', {name: /API keys/})).toHaveAttribute('href', '/api-keys');
    await panel.getByRole('link', {name: /API reference/}).click();
    await expect(page).toHaveURL(/\/dashboard\/api-reference$/);
    await expect(page.getByRole('link', {name: /\/api\/openapi\.json$/})).toBeVisible();
  });

  for (const width of [1280, 375]) {
    test(`each Copy button copies its snippet and shows 'Copied!' for 2 seconds (${width} px)`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize({width, height: 800});
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: SITE_URL});
      // The page's clock, so the 2 s of 'Copied!' are the page's time, not waited out in real time.
      await page.clock.install();
      await users.signIn(page, user, '/dashboard/quick-start');
      const blocks = page.locator('.theme-code-block');
      await expect(blocks.first().getByRole('button', {name: 'Copy'})).toBeVisible();

      const visited = await eachCodeBlock(page, async (block, i) => {
        const copy = block.getByRole('button', {name: /^Cop/});
        await block.scrollIntoViewIfNeeded();
        await expect(copy).toHaveText('Copy');
        await page.evaluate(() => navigator.clipboard.writeText(''));
        // The first block is timed: the page's clock stands still from the click on, so 'Copied!' is seen to stay
        // through 2 s less a millisecond and to give way to 'Copy' at 2 s, however busy the machine.
        if (i === 0) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
        await copy.click();
        await expect(copy).toHaveText('Copied!');
        if (i === 0) {
          await page.clock.runFor(COPIED_MS - 1);
          await expect(copy).toHaveText('Copied!');
          await page.clock.runFor(1);
          await expect(copy).toHaveText('Copy');
          await page.clock.resume();
        }

        // innerText renders each line break of the highlighted lines twice: compare without blank lines.
        const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
        const expected = lines(await block.locator('pre code').innerText());
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(lines(copied)).toEqual(expected);
        expect(copied).not.toContain('%SDK_CDN_URL%');
      });
      // Every snippet of the Quick Start, those behind its framework and language tabs included.
      expect(visited).toBeGreaterThanOrEqual(12);
    });
  }

  test('the snippets are highlighted in every language the Quick Start shows, and stay as React rendered them', async ({
    page,
  }) => {
    await users.signIn(page, user, '/dashboard/quick-start');
    await expect(page.locator('.theme-code-block').first()).toBeVisible();
    const visited = await eachCodeBlock(page, async (block) => {
      const code = (await block.locator('pre').textContent()) ?? '';
      // A line or two of plain shell is all one colour; anything longer has keywords, strings and punctuation.
      if (code.split('\n').length < 3) return;
      const colours = await block
        .locator('pre code span')
        .evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size);
      expect(colours, code.slice(0, 60)).toBeGreaterThanOrEqual(3);
    });
    expect(visited).toBeGreaterThanOrEqual(12);
    // Prism's core highlights the page's code elements itself when it finds no sign it is used manually.
    expect(await page.evaluate(() => 'Prism' in window)).toBe(false);
  });

  test("the Frameworks page's tabs: one file per framework, the choice in the address, shared with the Quick Start and remembered", async ({
    page,
  }) => {
    await users.signIn(page, user, '/dashboard/frameworks');
    const tabs = page.getByRole('tablist').first();
    await expect(tabs.getByRole('tab')).toHaveText(['React', 'Vue', 'Angular', 'Svelte', 'HTML']);
    await expect(tabs.getByRole('tab', {name: 'React'})).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('IntakePage.tsx', {exact: true})).toBeVisible();

    // By keyboard, as the ARIA tabs pattern has it: the arrow keys move the choice.
    await tabs.getByRole('tab', {name: 'React'}).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', {name: 'Vue'})).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tabs.getByRole('tab', {name: 'Vue'})).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('IntakePage.vue', {exact: true})).toBeVisible();
    await expect(page.getByText('IntakePage.tsx', {exact: true})).toBeHidden();
    await expect(page).toHaveURL(/[?&]framework=vue\b/);

    // The Quick Start's wrappers open on the same framework, and so does the page after a reload.
    await gotoHydrated(page, '/dashboard/quick-start');
    await expect(page.getByRole('tab', {name: 'Vue'})).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('IntakeForm.vue', {exact: true})).toBeVisible();
    await page.reload();
    await expect(page.getByText('IntakeForm.vue', {exact: true})).toBeVisible();
    await expect(page.getByText('IntakeForm.tsx', {exact: true})).toBeHidden();

    // A link with the choice in it opens that tab.
    await gotoHydrated(page, '/dashboard/frameworks?framework=angular');
    await expect(page.getByRole('tab', {name: 'Angular'})).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('intake.component.ts', {exact: true})).toBeVisible();
    await expect(page.getByText('src/styles.css', {exact: true})).toBeVisible();
  });

  test('the Question types page shows each type with its example; without a sandbox key it says how to try them', async ({
    page,
  }) => {
    await users.signIn(page, user, '/dashboard/question-types');
    const headings = {
      singleChoice: 'One choice',
      multiChoice: 'Several choices',
      text: 'Text',
      date: 'Date',
      yesNo: 'Yes or no',
    };
    for (const [type, name] of Object.entries(headings)) {
      await expect(page.getByRole('heading', {level: 2, name: `${name}: ${type}`})).toBeVisible();
      await expect(page.getByText(`${type}-question.js`, {exact: true})).toBeVisible();
    }
    const create = page.getByRole('link', {name: 'Create a sandbox key'});
    await expect(create).toHaveCount(5);
    await expect(page.getByText('to try the one choice question live here.')).toBeVisible();
    await expect(page.getByRole('button', {name: /live$/})).toHaveCount(0);
  });

  test('the search button shows ⌘K on a Mac and no shortcut on a touch screen', async ({browser}) => {
    for (const [options, shortcut] of [
      [{userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'}, '⌘K'],
      [{hasTouch: true, isMobile: true, viewport: {width: 375, height: 812}}, null],
    ] as const) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await users.signIn(page, user, '/dashboard');
      if (!shortcut) await page.getByRole('button', {name: 'Menu', exact: true}).click();
      const button = page.getByRole('button', {name: 'Search', exact: true});
      await expect(button).toBeVisible();
      if (shortcut) await expect(button.getByText(shortcut)).toBeVisible();
      else await expect(button.locator('kbd')).toBeHidden();
      await context.close();
    }
  });

  test('search finds the Configuration reference from "allowed origins" and an API operation from its path', async ({
    page,
  }) => {
    await users.signIn(page, user, '/dashboard');
    const dialog = page.getByRole('dialog', {name: 'Search'});
    const box = dialog.getByRole('combobox', {name: 'Search the SDK guide and the API reference'});
    const results = dialog.getByRole('listbox', {name: 'Results'}).getByRole('option');

    // By keyboard, once the page is there: Ctrl+K, type, the arrow keys to the result, Enter.
    await expect(page.getByRole('button', {name: 'Search', exact: true})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Search', exact: true}).getByText('Ctrl K')).toBeVisible();
    await page.keyboard.press('Control+K');
    await expect(box).toBeFocused();
    await box.fill('allowed origins');
    const wanted = results.filter({hasText: 'Configuration reference'}).first();
    await expect(wanted).toBeVisible();
    await expectAccessible(page);
    const position = (await results.allInnerTexts()).findIndex((text) => text.includes('Configuration reference'));
    for (let i = 0; i < position; i += 1) await page.keyboard.press('ArrowDown');
    await expect(wanted).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/configuration#/);
    await expect(page.getByRole('heading', {level: 1, name: 'Configuration reference'})).toBeVisible();

    // With the pointer: an operation, found by its path, opens at its place in the API reference.
    await page.getByRole('button', {name: 'Search', exact: true}).click();
    await box.fill('/api/keys');
    await expect(results.first()).toContainText('GET /api/keys');
    await results.first().click();
    await expect(page).toHaveURL(/\/dashboard\/api-reference#get-api-keys$/);
    await expect(page.locator('#get-api-keys')).toBeInViewport();

    await page.keyboard.press('Control+K');
    await box.fill('zzqqxx');
    await expect(dialog.getByRole('status')).toHaveText('No results for "zzqqxx".');
    await expect(results).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the API reference gives rules in words, never regular expressions, and each refusal in its own words', async ({
    page,
  }) => {
    await users.signIn(page, user, '/dashboard/api-reference');
    const sessions = page.getByRole('region', {name: 'POST /api/sdk/sessions'});
    // The reference renders every operation (69): on a busy CI machine its first render outlasted expect's 10 s while
    // the page still said 'Loading your account...' (2026-11-27). Until the page renders less up front, wait for it.
    await expect(sessions).toBeVisible({timeout: 30_000});
    await expect(
      sessions.getByText(
        "The id of one of your team's published flows, or of a built-in flow such as new-patient: letters, digits, _ . : and - only.",
      ),
    ).toBeVisible();
    // Every operation, once the reference has added the last of them (it renders them in batches).
    await expectWholeReference(page);
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/matches \^|\[\^|\\x00/);

    const create = page.getByRole('region', {name: 'POST /api/keys/sandbox'});
    await expect(
      create.getByText(
        'Please verify your email before creating, changing, rotating or revoking API keys. Check your inbox for the verification link.',
      ),
    ).toBeVisible();
    await expect(create.getByText(/before logging in/)).toHaveCount(0);
  });

  test("a link to the reference's last operation opens at it, though the page adds operations after its top", async ({
    page,
  }) => {
    await users.signIn(page, user, `${API_REFERENCE}#get-api-health-ready`);
    await expect(page.getByRole('region', {name: 'GET /api/health/ready', exact: true})).toBeInViewport({
      timeout: 30_000,
    });
    // From the endpoint index at the top, as a reader goes back up and picks another.
    await page.getByRole('navigation', {name: 'Endpoints'}).scrollIntoViewIfNeeded();
    await page
      .getByRole('navigation', {name: 'Endpoints'})
      .getByRole('link', {name: 'POST /api/sdk/submissions'})
      .click();
    await expect(page).toHaveURL(/#post-api-sdk-submissions$/);
    await expect(page.getByRole('region', {name: 'POST /api/sdk/submissions', exact: true})).toBeInViewport();
  });

  test('without a sandbox key, the note saying how to get one comes in without moving the snippets below it', async ({
    page,
  }) => {
    const keyless = await users.create({name: 'Noa Nokey'});
    expect(await openQuickStartWithKeysHeld(page, keyless, 'no active sandbox key yet')).toEqual([]);
  });

  test('the demo invites a user without a sandbox key to create one', async ({page}) => {
    const keyless = await users.create({name: 'Kim Keyless'});
    await users.signIn(page, keyless, '/dashboard/demo');
    await expect(page.getByText('Create a sandbox key to run the demo')).toBeVisible();
    await page.getByRole('link', {name: 'Create a sandbox key'}).click();
    await expect(page).toHaveURL(/\/api-keys$/);
  });

  test.describe('with a sandbox key', () => {
    let keyUser: TestUser;
    let apiKey: string;
    test.beforeAll(async () => {
      keyUser = await users.create({name: 'Sam Sandbox'});
      apiKey = await sandboxKey(keyUser);
    });

    test.beforeEach(async ({context}) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: SITE_URL});
    });

    test('the note on which key the snippets carry comes in without moving the snippets below it', async ({page}) => {
      const shifts = await openQuickStartWithKeysHeld(page, keyUser, 'carry your sandbox key');
      await expect(page.getByText(maskApiKey(apiKey)).first()).toBeVisible();
      expect(shifts).toEqual([]);
    });

    // With a key: the snippets then show it masked, longer than its placeholder.
    test('at 1280 px every code line of the guide fits its block: nothing to scroll sideways', async ({page}) => {
      // Every guide page but one (seventeen), each tab of each: 27 s alone on an idle machine, three times that
      // beside CI's other tiers, where 90 s once ran out (2026-11-27).
      test.slow();
      await page.setViewportSize({width: 1280, height: 800});
      await users.signIn(page, keyUser, '/dashboard');
      // The API reference's code is behind its Request examples buttons (its 360 px test checks the page's width).
      for (const {path, label} of GUIDE.filter((guidePage) => guidePage.path !== API_REFERENCE)) {
        await openFromSidebar(page, {name: label, path});
        await expect(page.getByRole('heading', {level: 1})).toBeVisible();
        await eachTab(page, async () => {
          // Every block shown, measured as a reader sees it: blocks off screen are not laid out (content-visibility),
          // so each is scrolled to and measured once rendered, all in one call.
          const cut = await page.locator('.theme-code-block pre').evaluateAll(async (pres) => {
            const cuts: string[] = [];
            for (const pre of pres) {
              if (!pre.checkVisibility() || pre.getBoundingClientRect().width === 0) continue;
              pre.scrollIntoView({block: 'nearest'});
              await new Promise((rendered) => requestAnimationFrame(() => requestAnimationFrame(rendered)));
              if (pre.scrollWidth <= pre.clientWidth + 1) continue;
              const longest = [...pre.querySelectorAll('.token-line')]
                .map((line) => line.textContent ?? '')
                .sort((a, b) => b.length - a.length)[0];
              cuts.push(`${pre.scrollWidth}/${pre.clientWidth} ${longest}`);
            }
            return cuts;
          });
          expect(cut, path).toEqual([]);
        });
      }
    });

    test("Question types: an example runs live with the reader's key and shows the answers the page receives", async ({
      page,
    }) => {
      await users.signIn(page, keyUser, '/dashboard/question-types');
      const cases = [
        {name: 'one choice', choose: 'New symptoms', answers: {visitReason: 'symptoms'}},
        {name: 'yes or no', choose: 'Yes', answers: {allergies: true}},
      ];
      for (const {name, choose, answers} of cases) {
        await page.getByRole('button', {name: `Try the ${name} question live`}).click();
        const preview = page.getByRole('group', {name: `Live preview of the ${name} question`});
        await preview.getByRole('radio', {name: choose}).check();
        await preview.getByRole('button', {name: 'Finish'}).click();
        await expect(preview.getByText('What your complete listener receives as answers:')).toBeVisible();
        await expect(preview.locator('pre').last()).toHaveText(JSON.stringify(answers, null, 2));
      }
      // A required question refuses to finish unanswered, in the widget's words.
      await page.getByRole('button', {name: 'Try the date question live'}).click();
      const date = page.getByRole('group', {name: 'Live preview of the date question'});
      await date.getByRole('button', {name: 'Finish'}).click();
      await expect(date.getByText('Please enter a date.')).toBeVisible();
    });

    test("Flows: each flow runs live in its own section with the reader's key", async ({page}) => {
      await users.signIn(page, keyUser, '/dashboard/flows');
      await expect(page.getByRole('button', {name: /^Try the .* flow live$/})).toHaveCount(5);
      await page.getByRole('button', {name: 'Try the Annual check-up flow live'}).click();
      const preview = page.getByRole('group', {name: 'Live preview of the Annual check-up flow'});
      await expect(preview.getByRole('heading', {name: 'Has your health changed since your last visit?'})).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('group', {name: /Live preview of the New patient flow/})).toHaveCount(0);
    });

    test("Copy page as Markdown copies the page's Markdown with the reader's key; /llms.txt lists every page", async ({
      page,
      request,
    }) => {
      await users.signIn(page, keyUser, '/dashboard/quick-start');
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.getByRole('button', {name: 'Copy page as Markdown'}).click();
      await expect(page.getByRole('button', {name: 'Copied!'})).toBeVisible();
      const markdown = await page.evaluate(() => navigator.clipboard.readText());
      expect(markdown.startsWith('# Quick Start\n')).toBe(true);
      // The snippets as the page's Copy buttons give them: the whole key, the build's addresses, a real flow.
      expect(markdown).toContain(`apiKey: '${apiKey}'`);
      expect(markdown).toContain(`<script src="${SDK_CDN_URL}/intake.js"></script>`);
      expect(markdown).toContain("flowId: 'new-patient'");
      // Nothing of MDX is left: no imports, no components, no front matter.
      expect(markdown).not.toMatch(/@site\/|<Steps|<SnippetKeyNote|^title: |%SDK_CDN_URL%/m);

      const index = await (await request.get(`${SITE_URL}/llms.txt`)).text();
      expect(index.startsWith('# IntakeKit SDK guide\n')).toBe(true);
      // Every page of the sidebar, in its order, by its own title: a page added to docs/ and sidebars.ts is listed,
      // copied as Markdown and searchable without anything else to do.
      const links = [...index.matchAll(/^- \[([^\]]+)\]\((http[^)]+\.md)\): /gm)];
      expect(links.map((link) => link[1])).toEqual(GUIDE.map((guidePage) => guidePage.title));
      for (const [, title, url] of links) {
        const response = await request.get(url!);
        expect(response.status(), url).toBe(200);
        expect((await response.text()).startsWith(`# ${title}`), url).toBe(true);
      }
      const search = (await (await request.get(`${SITE_URL}${SEARCH_INDEX_PATH}`)).json()) as {
        storedFields: Record<string, {page: string; url: string}>;
      };
      const searched = Object.values(search.storedFields);
      for (const guidePage of GUIDE) {
        expect(
          searched.some((entry) => entry.page === guidePage.title && entry.url.startsWith(guidePage.path)),
          `${guidePage.path} in the search index`,
        ).toBe(true);
      }
      // The Flows page's copy lists the flows themselves, from the same catalogue the API serves.
      const flows = await (await request.get(`${SITE_URL}/dashboard/flows.md`)).text();
      expect(flows).toContain("`flowId: 'annual-checkup'`");
    });

    test('the demo shows the masked key, flow and environment, and the SDK starts after 1 s', async ({page}) => {
      await users.signIn(page, keyUser, '/dashboard/demo');
      const settings = page.getByRole('complementary', {name: 'Demo settings'});
      const masked = `${apiKey.slice(0, 8)}${'*'.repeat(apiKey.length - 16)}${apiKey.slice(-8)}`;
      // Screen readers read the whole masked key; on screen the middle stars are clipped.
      await expect(settings.getByTestId('demo-key')).toMatchAriaSnapshot(`- code: ${JSON.stringify(masked)}`);
      const shown = settings.getByTestId('demo-key').locator('[aria-hidden="true"]').first();
      await expect(shown).toHaveText(masked);
      // On one line (it used to wrap over three lines): the key's text makes a single line box.
      expect(await shown.evaluate((el) => el.getClientRects().length)).toBe(1);
      await expect(settings).toContainText('new-patient');
      await expect(settings).toContainText('sandbox');
      await expect(page.getByText(apiKey)).toHaveCount(0);

      await expect(settings.getByText('Running')).toBeVisible({timeout: 15_000});
      await expect(page.getByTestId('demo-container').locator('.ik-root')).toBeVisible();
      await expect(page.getByRole('alert').filter({hasText: 'Failed to load the IntakeKit SDK.'})).toHaveCount(0);

      // The page behind the preview, copied as a developer would.
      const block = page.locator('.theme-code-block');
      await block.getByRole('button', {name: 'Copy'}).click();
      await expect(block.getByRole('button', {name: 'Copied!'})).toBeVisible();
      const html = await page.evaluate(() => navigator.clipboard.readText());
      expect(html).toContain(`<script src="${SDK_CDN_URL}/intake.js"></script>`);
      expect(html).toContain("flowId: 'new-patient'");
    });

    test('the Flows page opens a flow in the demo; the demo runs the flow picked and its page names it', async ({
      page,
    }) => {
      await users.signIn(page, keyUser, '/dashboard/flows');
      await page.getByRole('link', {name: 'Run in the demo: Annual check-up'}).click();
      await expect(page).toHaveURL(/\/dashboard\/demo\?flow=annual-checkup$/);
      const settings = page.getByRole('complementary', {name: 'Demo settings'});
      const flow = settings.getByLabel('Flow');
      await expect(flow).toHaveValue('annual-checkup');
      const preview = page.getByTestId('demo-container');
      await expect(preview.getByRole('heading', {name: 'Has your health changed since your last visit?'})).toBeVisible({
        timeout: 15_000,
      });

      await flow.selectOption({label: 'Medication review'});
      await expect(page).toHaveURL(/\?flow=medication-review$/);
      await expect(settings.getByTestId('demo-flow-id')).toHaveText('medication-review');
      await expect(
        preview.getByRole('heading', {name: 'Which medications, vitamins or supplements do you take?'}),
      ).toBeVisible({timeout: 15_000});
      const block = page.locator('.theme-code-block');
      await block.getByRole('button', {name: 'Copy'}).click();
      await expect(block.getByRole('button', {name: 'Copied!'})).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("flowId: 'medication-review'");
      await expectAccessible(page);
    });

    test('Download this page saves the page with the key and the flow; opened from disk, it runs', async ({page}) => {
      await users.signIn(page, keyUser, '/dashboard/demo?flow=telehealth-consent');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', {name: 'Download this page'}).click(),
      ]);
      expect(download.suggestedFilename()).toBe('intakekit-telehealth-consent.html');
      const file = path.join(test.info().outputDir, download.suggestedFilename());
      await download.saveAs(file);
      const html = readFileSync(file, 'utf8');
      expect(html).toContain(`apiKey: '${apiKey}'`);
      expect(html).toContain("flowId: 'telehealth-consent'");
      await page.goto(pathToFileURL(file).href);
      await expect(
        page.locator('#intake').getByRole('heading', {name: 'Do you agree to receive care by secure video visit?'}),
      ).toBeVisible({timeout: 15_000});
    });

    test("API reference: Try it sends with the reader's session or sandbox key; the request examples carry both", async ({
      page,
    }) => {
      // The reference's ninety operations, two requests sent, an audit of the two operations opened and the Quick
      // Start: 23 s alone, 77 s in a full local run with two workers, past 90 s in CI's (2026-11-27).
      test.slow();
      await users.signIn(page, keyUser, '/dashboard/api-reference');
      const keys = page.getByRole('region', {name: 'GET /api/keys', exact: true});
      await keys.getByRole('button', {name: 'Try it: GET /api/keys', exact: true}).click();
      const keysForm = keys.getByRole('form', {name: 'Try GET /api/keys', exact: true});
      await expect(keysForm.getByText('Sent with your session, as you.')).toBeVisible();
      await keysForm.getByRole('button', {name: 'Send request'}).click();
      const keysAnswer = keysForm.getByRole('status');
      await expect(keysAnswer).toContainText('HTTP 200 OK');
      await expect(keysAnswer).toContainText(apiKey);
      // The session goes on: the page was not signed out by the call.
      await expect(page.getByRole('button', {name: 'Log out'})).toBeVisible();

      const sessions = page.getByRole('region', {name: 'POST /api/sdk/sessions', exact: true});
      await sessions.getByRole('button', {name: 'Try it: POST /api/sdk/sessions', exact: true}).click();
      const sessionsForm = sessions.getByRole('form', {name: 'Try POST /api/sdk/sessions', exact: true});
      await expect(sessionsForm.getByText('Sent with your sandbox key.')).toBeVisible();
      await expect(sessionsForm.getByLabel('Request body (JSON)')).toHaveValue(/"flowId": "new-patient"/);
      await sessionsForm.getByRole('button', {name: 'Send request'}).click();
      await expect(sessionsForm.getByRole('status')).toContainText('HTTP 200 OK');
      await expect(sessionsForm.getByRole('status')).toContainText('"flowId": "new-patient"');
      // A body that is not JSON is refused before anything is sent.
      await sessionsForm.getByLabel('Request body (JSON)').fill('{flowId: new-patient');
      await sessionsForm.getByRole('button', {name: 'Send request'}).click();
      await expect(sessionsForm.getByRole('alert')).toContainText('The body is not valid JSON');

      await sessions.getByRole('button', {name: 'Request examples for POST /api/sdk/sessions', exact: true}).click();
      await sessions.getByRole('tab', {name: 'curl'}).click();
      const curl = sessions.locator('pre').filter({hasText: 'curl -X POST'});
      await expect(curl).toContainText(`${API_URL}/api/sdk/sessions`);
      await expect(curl).toContainText(`Bearer ${maskApiKey(apiKey)}`);
      await sessions.getByRole('tab', {name: 'Python'}).click();
      await expect(sessions.locator('pre').filter({hasText: 'requests.post('})).toBeVisible();
      // The two operations opened, with their forms, answers and examples: the whole page is audited at 360 px in
      // dark mode below, and its sidebar at 1280 px on every other page.
      await expectAccessible(page, {within: ['section:has(#get-api-keys)', 'section:has(#post-api-sdk-sessions)']});

      // The language is one choice for the whole guide: picked here, the Quick Start's server call opens on it.
      await sessions.getByRole('tab', {name: 'JavaScript'}).click();
      await gotoHydrated(page, '/dashboard/quick-start');
      await expect(page.getByText('create-session.mjs', {exact: true})).toBeVisible();
      await expect(page.getByText('create_session.py', {exact: true})).toBeHidden();
    });

    test.describe("under the portal's Content Security Policy", () => {
      test.use({bypassCSP: false});

      test('Open in a new tab runs the demo page with the key and the flow; the key leaves the address bar', async ({
        page,
        context,
      }) => {
        await users.signIn(page, keyUser, '/dashboard/demo?flow=telehealth-consent');
        const [tab] = await Promise.all([
          context.waitForEvent('page'),
          page.getByRole('button', {name: 'Open in a new tab'}).click(),
        ]);
        const errors: string[] = [];
        tab.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        const firstQuestion = tab
          .locator('#intake')
          .getByRole('heading', {name: 'Do you agree to receive care by secure video visit?'});
        await expect(firstQuestion).toBeVisible({timeout: 15_000});
        expect(new URL(tab.url()).pathname).toBe('/demo/');
        expect(tab.url()).not.toContain(apiKey);
        // A reload runs it again, from this tab's own storage.
        await tab.reload();
        await expect(firstQuestion).toBeVisible({timeout: 15_000});
        expect(errors).toEqual([]);

        // Opened any other way, the page says where it comes from.
        const bare = await context.newPage();
        await bare.goto('/demo/');
        await expect(bare.getByText('This page runs the demo with your own sandbox key.')).toBeVisible();
        await expect(bare.getByRole('link', {name: 'go to the Demo'})).toHaveAttribute('href', '/dashboard/demo');
      });
    });

    test('the demo says the SDK failed to load when the script is missing', async ({page}) => {
      await page.route('**/sdk/v1/intake.js', (route) => route.fulfill({status: 404, body: 'Not found'}));
      await users.signIn(page, keyUser, '/dashboard/demo');
      await expect(page.getByRole('alert').filter({hasText: 'IntakeKit'})).toHaveText(
        'Failed to load the IntakeKit SDK.',
      );
      await page.unroute('**/sdk/v1/intake.js');
      await page.getByRole('button', {name: 'Try again'}).click();
      await expect(page.getByText('Running')).toBeVisible({timeout: 15_000});
    });
  });

  test('the docs pages are reachable from a cold load', async ({page}) => {
    await users.signIn(page, user, '/dashboard/demo');
    await gotoHydrated(page, '/dashboard/quick-start');
    await expect(page.getByRole('heading', {level: 1, name: 'Quick Start'})).toBeVisible();
  });

  test.describe('in dark mode and at 360 px', () => {
    test.use({colorScheme: 'dark', viewport: {width: 360, height: 740}});

    /** The page open in `page` fits 360 px and passes axe. */
    async function expectFitsAndAccessible(page: Page, path: string) {
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      await expectAccessible(page);
    }

    test('the guide pages pass axe and never scroll sideways', async ({page}) => {
      // Seventeen pages, each audited by axe: 25 s alone on an idle machine, over 90 s once in CI's run.
      test.slow();
      await users.signIn(page, user, '/dashboard');
      for (const {path, label} of GUIDE.filter((guidePage) => guidePage.path !== API_REFERENCE)) {
        await openFromSidebar(page, {name: label, path});
        await expectFitsAndAccessible(page, path);
        if (path !== '/dashboard/quick-start') continue;
        // A table's rows stack into cards: every column is on screen, read under its column's name.
        const description = page.getByRole('cell', {name: /^The id of a built-in flow/});
        await description.scrollIntoViewIfNeeded();
        await expect(description).toBeInViewport({ratio: 1});
        await expect(page.getByRole('columnheader', {name: 'Description'}).first()).toBeAttached();
      }
    });

    // On its own: its 150 tables make its audit the guide's longest (6 to 20 s on a busy machine), and the walk with
    // it came within reach of the time limit.
    test('the API reference passes axe and never scrolls sideways', async ({page}) => {
      await users.signIn(page, user, API_REFERENCE);
      await expectWholeReference(page);
      await expectFitsAndAccessible(page, API_REFERENCE);
    });
  });
});
