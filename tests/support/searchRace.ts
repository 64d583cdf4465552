import type { Locator, Page } from 'playwright-core';

/**
 * The two moments in which a card search's control (a facet's box, Select All, a pager's button)
 * can be clicked while the list on screen does not yet hold the text just searched for. Each is
 * made to happen every time, not by chance.
 */
export const RACE_MOMENTS = ['same task', 'address ahead of render'] as const;
export type RaceMoment = (typeof RACE_MOMENTS)[number];

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
