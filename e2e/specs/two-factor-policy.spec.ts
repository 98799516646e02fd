import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext } from '@playwright/test';
import {
  apiSignIn,
  createVerifiedPartner,
  joinTeam,
  xsrfHeaders,
  type SessionRecord,
} from '../fixtures/accounts';
import { LOOKS, viewportOf } from '../fixtures/looks';
import { mailbox } from '../fixtures/mailbox';
import { openSignedIn } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';

const PASSWORD = 'Policy-pass-1!';

const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** An owner who has turned 2FA on through the API, and a member of theirs without it. */
async function ownerAndMember(request: APIRequestContext, label: string) {
  const stamp = `${label}-${Date.now()}`;
  const ownerEmail = `policy-owner-${stamp}@example.test`;
  await createVerifiedPartner(request, ownerEmail, PASSWORD);
  const owner = await apiSignIn(request, ownerEmail, PASSWORD);
  const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${owner.token}` };
  const started = await request.put('/api/user/2fa', { headers, data: { '2fa_enabled': true } });
  const { secret } = ((await started.json()) as { data: { secret: string } }).data;
  const verified = await request.post('/api/user/2fa/verify', {
    headers,
    data: { code: codeFor(secret) },
  });
  expect(verified.status()).toBe(200);
  const memberEmail = `policy-member-${stamp}@example.test`;
  await joinTeam(request, owner, memberEmail, PASSWORD);
  return { owner: owner as SessionRecord, memberEmail };
}

test('an owner requires 2FA; a member without it is led to set it up, and then gets back in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner, memberEmail } = await ownerAndMember(request, 'journey');

  await openSignedIn(page, request, owner, '/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByText(memberEmail)).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'security-off-en-light');

  await page.getByRole('switch', { name: /Require two-factor authentication/ }).click();
  await page.getByLabel(/^Grace period/).fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  // In the toast itself: for a moment its text is also in the toast's screen-reader announcement.
  const toasts = page.getByRole('region', { name: /^Notifications/ });
  await expect(
    toasts.getByText(/We e-mailed the member who has not turned it on yet/),
  ).toBeVisible();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await saveScreen(page, 'security-on-en-light');
  const told = await mailbox.waitFor(memberEmail, /requires two-factor authentication/);
  expect(mailbox.linkIn(told)).toMatch(/\/account\/2fa$/);

  // The member signs in: the account opens only to setting 2FA up.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(memberEmail);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/2fa$/);
  const banner = page.getByRole('region', { name: 'Two-factor authentication required' });
  await expect(banner).toContainText('requires two-factor authentication. Set it up to continue.');
  await page.goto('/dashboard/core');
  await expect(page).toHaveURL(/\/account\/2fa$/);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'two-factor-due-en-light');

  await page.getByRole('switch', { name: /Two-factor authentication/ }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByRole('textbox').first().click();
  await page.keyboard.insertText(codeFor(secret));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('Store your backup code safely')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/dashboard/core');
  await expect(page).toHaveURL(/\/dashboard\/core$/);
});

test.describe('the security screen in every look', () => {
  for (const { name, look, phone } of LOOKS) {
    test.describe(name, () => {
      test.use({ viewport: viewportOf(phone) });

      test('lists who lacks 2FA, axe-clean, without sideways scrolling', async ({
        page,
        request,
      }) => {
        const { owner, memberEmail } = await ownerAndMember(request, name);
        // Required, with an invitation still open: the screen says whoever accepts it joins
        // under the requirement.
        const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${owner.token}` };
        const required = await request.patch('/api/account/security', {
          headers,
          data: { require_2fa: true, grace_days: 7 },
        });
        expect(required.status()).toBe(200);
        const invited = await request.post('/api/invite', {
          headers,
          data: { email: `policy-invitee-${name}-${Date.now()}@example.test`, permission: 'user' },
        });
        expect(invited.status()).toBe(201);
        await openSignedIn(page, request, owner, '/account/security', look);
        await expect(page.getByText(memberEmail)).toBeVisible();
        await expect(page.getByTestId('pending-invitations')).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoA11yViolations(page);
        await saveScreen(page, `security-${name}`);
      });
    });
  }
});
