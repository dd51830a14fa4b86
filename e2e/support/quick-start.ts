import type {Locator, Page} from '@playwright/test';
import {expect} from '@playwright/test';

/** Copies a code block with its Copy button and returns what the clipboard holds. */
export async function copyBlock(page: Page, block: Locator): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await block.scrollIntoViewIfNeeded();
  await block.getByRole('button', {name: 'Copy'}).click();
  await expect(block.getByRole('button', {name: 'Copied!'})).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * The Quick Start's step 2 (the stylesheet and script tags) and step 3 (the container and IntakeKit.init), copied
 * with their Copy buttons from the rendered page the browser is on.
 */
export async function copyQuickStart(page: Page): Promise<{install: string; initialise: string}> {
  const blocks = page.locator('.theme-code-block');
  await expect(blocks.first().getByRole('button', {name: 'Copy'})).toBeVisible();
  const install = await copyBlock(
    page,
    blocks.filter({hasText: '/intake.js"></script>'}).filter({hasNotText: 'IntakeKit.init'}),
  );
  const initialise = await copyBlock(
    page,
    blocks
      .filter({hasText: '<div id="intake"></div>'})
      .filter({hasText: 'IntakeKit.init'})
      .filter({hasNotText: '<!doctype'}),
  );
  return {install, initialise};
}
