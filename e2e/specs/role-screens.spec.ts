import type { Page } from '@playwright/test';
import { demoSession } from '../fixtures/accounts';
import { LOOKS, restoreDemoLookAfterEach, viewportOf } from '../fixtures/looks';
import { openSignedIn, walkTo } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';

/**
 * The other demo users see other screens than the owner (app-screens.spec.ts): an admin has no
 * billing, an advertiser only their own account pages, and Sam Solo's account is on Core, so its
 * Plus dashboard is the upgrade offer. Each walks every screen their account hub links to, plus
 * the pages every member has: axe finds nothing, nothing scrolls sideways, in the two looks that
 * cover both languages, themes and widths (fixtures/looks.ts).
 */
const USERS = [
  { email: 'admin@demo.test', name: 'admin', hub: 8 },
  { email: 'advertiser@demo.test', name: 'advertiser', hub: 5 },
  { email: 'solo@demo.test', name: 'solo', hub: 13 },
] as const;

// Each screen check stands alone (its own session, on its worker's own app server): they spread
// over the workers instead of queueing behind one.
test.describe.configure({ mode: 'parallel' });

const EVERY_MEMBER = ['/welcome', '/dashboard/core', '/dashboard/plus', '/help'];

async function checkScreen(page: Page, phone: boolean, screen: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  if (phone) await expectNoSidewaysScroll(page);
  await saveScreen(page, screen);
}

for (const user of USERS) {
  test.describe(`${user.name}'s screens`, () => {
    restoreDemoLookAfterEach(user.email);

    for (const variant of LOOKS) {
      test(variant.name, async ({ page, request }) => {
        test.slow();
        await page.setViewportSize(viewportOf(variant.phone));
        const session = await demoSession(request, user.email);
        await openSignedIn(page, request, session, '/account', variant.look);
        await checkScreen(page, variant.phone, `role-${user.name}-account-${variant.name}`);

        // The hub offers a card for each account page this user may open, and no other.
        const cards = page.locator('main a[href^="/account/"]');
        await expect(cards).toHaveCount(user.hub);
        const hubPaths = await cards.evaluateAll((links) =>
          links.map((link) => link.getAttribute('href') ?? ''),
        );

        for (const path of [...EVERY_MEMBER, ...hubPaths]) {
          await walkTo(page, path);
          await checkScreen(
            page,
            variant.phone,
            `role-${user.name}${path.replaceAll('/', '-')}-${variant.name}`,
          );
        }
      });
    }
  });
}
