import type { Page } from '@playwright/test';
import { apiSignIn, createVerifiedPartner, demoSession } from '../fixtures/accounts';
import { mailbox } from '../fixtures/mailbox';
import { openSignedIn } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  saveScreen,
  test,
  expectNoSidewaysScroll,
} from '../fixtures/test';

const PASSWORD = 'Team-owner-1!';

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

async function rowAction(page: Page, text: string, action: string) {
  await row(page, text)
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an owner invites a user and an advertiser with Plus dashboards, one joins, then is edited and removed', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now();
  const member = `team-member-${stamp}@example.test`;
  const advertiser = `team-advertiser-${stamp}@example.test`;
  // The demo owner's account is on Plus Partner: paid plans need Stripe (issue 7), so no journey
  // account can reach a plan with Plus dashboards of its own yet.
  const owner = 'owner@demo.test';
  await openSignedIn(page, request, await demoSession(request, owner), '/account/users');
  await expect(row(page, owner)).toContainText('Owner');
  // At 1280 px the whole row fits its card: whose row it is and its actions are both in view.
  const actions = row(page, owner).getByRole('button', { name: /^Actions for/ });
  await expect(actions).toBeInViewport();
  await expect(row(page, owner).getByText(owner)).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);

  // A user first: the permission select starts at User and there are no advertiser fields.
  await page.getByRole('button', { name: 'Invite users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite users' });
  await dialog.getByLabel(/^Email addresses/).fill(member);
  await expect(dialog.getByLabel(/^Advertiser name/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${member}`, { exact: true })).toBeVisible();
  await expect(row(page, member)).toContainText('Invited');

  // Then an advertiser with Plus dashboards.
  await page.getByRole('button', { name: 'Invite users' }).click();
  await dialog.getByLabel(/^Email addresses/).fill(advertiser);
  await choose(page, 'Permission', 'Advertiser');
  // A name the report data does not carry is warned about; the data's own name is not.
  await dialog.getByLabel(/^Advertiser name/).fill('Acme');
  await expect(dialog.getByRole('checkbox', { name: 'Use this name anyway' })).toBeVisible();
  await expectNoA11yViolations(page, '[role="dialog"]');
  await saveScreen(page, 'team-invite-unlisted-advertiser-en-light');
  await dialog.getByLabel(/^Advertiser name/).fill('Acme Shoes');
  await expect(dialog.getByRole('checkbox', { name: 'Use this name anyway' })).toHaveCount(0);
  await dialog.getByRole('switch', { name: /Plus dashboards/ }).click();
  await dialog.getByRole('button', { name: /^Plus dashboards/ }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await expectNoA11yViolations(page);
  await saveScreen(page, 'team-invite-advertiser-en-light');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(row(page, advertiser)).toContainText('Advertiser');
  await expect(row(page, advertiser)).toContainText('Acme Shoes');

  // Both invitations arrive, each with its own link.
  const memberMail = await mailbox.waitFor(member, /invit/i);
  await mailbox.waitFor(advertiser, /invit/i);
  const link = mailbox.linkIn(memberMail);
  expect(link).toContain('/signup/user?');

  // The member joins through the link in another browser.
  const other = await browser.newContext();
  const joining = await other.newPage();
  await joining.goto(link);
  await joining.getByLabel(/^First name/).fill('Mia');
  await joining.getByLabel(/^Last name/).fill('Member');
  await joining.getByLabel(/^Password/).fill('Team-member-1!');
  await joining.getByRole('button', { name: 'Join the team' }).click();
  await expect(joining).toHaveURL(/\/welcome$/);
  await other.close();

  // The table now shows her verified, and the advertiser still invited.
  await page.reload();
  await expect(row(page, member)).toContainText('Verified');
  await expect(row(page, advertiser)).toContainText('Invited');
  await saveScreen(page, 'team-users-en-light');

  // Cancel leaves the member as they were.
  await rowAction(page, member, 'Edit');
  const edit = page.getByRole('dialog', { name: /^Edit/ });
  await choose(page, 'Permission', 'Admin');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row(page, member)).not.toContainText('Admin');

  await rowAction(page, member, 'Edit');
  await choose(page, 'Permission', 'Admin');
  await expectNoA11yViolations(page);
  await saveScreen(page, 'team-edit-en-light');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, member)).toContainText('Admin');

  await rowAction(page, member, 'Delete');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, member)).toHaveCount(0);
  await page.reload();
  await expect(row(page, advertiser)).toContainText('Invited');
  await expect(row(page, member)).toHaveCount(0);
});

test.describe('the users screen in Spanish, dark, at phone width', () => {
  test.use({ locale: 'es-ES', colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('is axe-clean, with each user a card that carries its actions', async ({
    page,
    request,
  }) => {
    const owner = `team-es-${Date.now()}@example.test`;
    await createVerifiedPartner(request, owner, PASSWORD);
    const session = await apiSignIn(request, owner, PASSWORD);
    await openSignedIn(page, request, session, '/account/users', { locale: 'es', dark: true });
    const card = page.getByRole('listitem').filter({ hasText: owner });
    await expect(card).toContainText('Propietario');
    await expect(card.getByRole('button', { name: /^Acciones/ })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await saveScreen(page, 'team-users-es-dark-phone');
    await page.getByRole('button', { name: 'Invitar usuarios' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page);
    await saveScreen(page, 'team-invite-es-dark-phone');
  });
});
