import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * The two moments in which a card search's control (a facet's box, Select All, a pager's button)
 * can be clicked while the list on screen does not yet hold the text just searched for. Each is
 * made to happen every time, not by chance.
 */
export const RACE_MOMENTS = ['same task', 'address ahead of render'] as const;
export type RaceMoment = (typeof RACE_MOMENTS)[number];

/** A list's text and filters, as its address holds them (react-admin's `filter` parameter). */
export const filterOf = (url: string | URL) => JSON.parse(new URL(url).searchParams.get('filter') ?? '{}') as { q?: string; status?: string[]; groupId?: string } & Record<string, unknown>;

/** The search box's text is submitted and `control` clicked at `moment`. */
export async function searchAndClick(page: Page, text: string, control: Locator, moment: RaceMoment): Promise<void> {
  const box = page.getByLabel('Enter search text');
  await box.fill(text);
  const target = await control.elementHandle();
  if (!target) throw new Error('no control to click');
  if (moment === 'same task') {
    // Submit and click in one task: no render (and no navigation) comes between them.
    const form = await page.getByRole('search').locator('form').elementHandle();
    await page.evaluate(([f, t]) => {
      (f as HTMLFormElement).requestSubmit();
      (t as HTMLElement).click();
    }, [form, target] as const);
    return;
  }
  // The router puts the text in the address, then renders it in a transition: click in between,
  // on the list as it was, right after the address changes.
  await page.evaluate((t) => {
    const push = history.pushState;
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      history.pushState = push;
      push.apply(this, args);
      queueMicrotask(() => (t as HTMLElement).click());
    };
  }, target);
  await box.press('Enter');
}

/**
 * Opens the card search at `address`, submits `text` and chooses page 2 at `moment`: page 2 of the
 * list as it was, on top of the new text, must end on page 1 of the text's one match, `name`.
 */
export async function pagerRace(page: Page, address: string, text: string, name: string, moment: RaceMoment): Promise<void> {
  await page.goto(address);
  await page.getByRole('article').first().waitFor();
  await searchAndClick(page, text, page.getByRole('navigation', { name: 'Pages, bottom' }).getByRole('button', { name: 'Go to page 2', exact: true }), moment);
  await page.waitForURL((url) => !/page=2/.test(url.search));
  await page.getByRole('status').filter({ hasText: '1 result found' }).waitFor();
  await page.getByRole('article', { name }).waitFor();
  expect(filterOf(page.url()), moment).toEqual({ q: text });
  expect(await page.getByRole('article').count()).toBe(1);
}

/**
 * Opens the card search at `address`, submits `text`, whose one match has the status the checkbox
 * `box` stands for, and unticks that box at `moment`: the address keeps the text with the one
 * status `left`, no result is left, and the search box still says what was searched for.
 */
export async function statusRace(page: Page, address: string, text: string, box: RegExp, left: string, moment: RaceMoment): Promise<void> {
  await page.goto(address);
  await page.getByRole('article').first().waitFor();
  await searchAndClick(page, text, page.getByRole('checkbox', { name: box }), moment);
  await page.waitForURL((url) => filterOf(url).status?.[0] === left);
  expect(filterOf(page.url()), moment).toEqual({ q: text, status: [left] });
  await page.getByText('No results found for your search criteria').waitFor();
  expect(await page.getByRole('article').count()).toBe(0);
  expect(await page.getByLabel('Enter search text').inputValue()).toBe(text);
}
