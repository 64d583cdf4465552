import type { Page } from 'playwright-core';

/** Picks an option of a select (a combobox) by the select's label. */
export async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
