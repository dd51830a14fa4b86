import {expect, type Locator, type Page} from '@playwright/test';

/** Escape closes the dialog, and the focus goes back to the button that opened it. */
export async function expectEscapeCloses(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
