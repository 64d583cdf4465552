import type { Locator, Page } from 'playwright-core';

/** Picks an option of a select (a combobox) by the select's label. */
export async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Types a day ('YYYY-MM-DD') into a day picker as a person does: into its day section, then on
 * through month and year, digits only (a month shown as letters takes its number too).
 */
export async function typeDay(scope: Page | Locator, label: string | RegExp, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  await scope.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Day' }).click();
  await ('keyboard' in scope ? scope : scope.page()).keyboard.type(`${day}${month}${year}`);
}
