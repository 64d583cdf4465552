import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, type TestBrowser, type TestServer } from '../support/browser';
import { withSeededServer } from '../support/customers';
import { expectAccessible } from '../support/axe';
import { fingerprint, screenIds, screensOf, visit } from '../support/a11y';
import { screenName, type ScreenIds } from '../fixtures/screens';
import type { RoleName } from '../../domain/permissions';

/**
 * WCAG 2.2 AA on every screen each preset other than SUPER_ADMIN may open (SUPER_ADMIN's run is
 * accessibility-screens.test.ts): what a preset may not do is greyed or left out, and those
 * screens must pass too. A screen a preset sees exactly as a preset already checked here (the
 * same markup) is not checked twice.
 *
 * Rules disabled: none.
 */
let server: TestServer;
let browser: TestBrowser;
let ids: ScreenIds;
const checked = new Set<string>();

withSeededServer(
  (s, b) => {
    server = s;
    browser = b;
  },
  { keepPages: true },
);
beforeAll(async () => {
  ids = await screenIds(server);
});

const ROLES: RoleName[] = ['EDITOR', 'VIEWER', 'SUPPORT', 'FINANCE'];

for (const role of ROLES) {
  describe(role, () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(browser, server, role);
    });
    for (const screen of screensOf(role)) {
      it(screenName(screen), async () => {
        await visit(page, screen.url(ids));
        const seen = await fingerprint(page);
        if (checked.has(seen)) return;
        await expectAccessible(page, `${screenName(screen)} as ${role}`);
        checked.add(seen);
      });
    }
  });
}
