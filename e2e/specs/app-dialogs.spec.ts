import type { Page } from '@playwright/test';
import { apiSignIn, createVerifiedPartner, demoSession } from '../fixtures/accounts';
import { LOOKS, restoreDemoLookAfterEach, viewportOf } from '../fixtures/looks';
import { openSignedIn, walkTo } from '../fixtures/session';
import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

/**
 * Every dialog, popover and row menu a signed-in owner opens, in both languages, both themes and
 * both widths: each is checked by axe on its own (nothing of any impact), saved as a screenshot,
 * and closed again without changing anything. What the dialogs do is the journeys' business.
 */

/** The words of each control, English first. */
const WORDS = {
  invite: ['Invite users', 'Invitar usuarios'],
  actions: ['Actions for Adam Admin', 'Acciones para Adam Admin'],
  edit: ['Edit', 'Editar'],
  delete: ['Delete', 'Eliminar'],
  cancel: ['Cancel', 'Cancelar'],
  closeAccount: ['Close account', 'Cerrar cuenta'],
  changePlan: ['Change plan', 'Cambiar de plan'],
  feedback: ['Give feedback', 'Danos tu opinión'],
  updateCard: ['Update card', 'Cambiar tarjeta'],
  pay: ['Pay and upgrade', 'Pagar y pasar a'],
  confirmPayment: ['Confirm your payment', 'Confirma tu pago'],
} as const;

const OWNER = 'owner@demo.test';

// Each worker has its own app server and demo owner: the looks' walks may run side by side.
test.describe.configure({ mode: 'parallel' });

restoreDemoLookAfterEach(OWNER);

async function checkOpen(page: Page, selector: string, screen: string): Promise<void> {
  await expect(page.locator(selector).first()).toBeVisible();
  await expectNoA11yViolations(page, selector);
  await saveScreen(page, screen);
}

for (const variant of LOOKS) {
  test.describe(`signed-in dialogs, ${variant.name}`, () => {
    test.use({
      viewport: viewportOf(variant.phone),
    });
    const say = (key: keyof typeof WORDS) => WORDS[key][variant.look.locale === 'en' ? 0 : 1];

    // The owner's dialogs in one walk through the app's navigation: the app starts once.
    test("the owner's dialogs, one screen after the other", async ({ page, request }) => {
      test.slow();
      const session = await demoSession(request, OWNER);
      await openSignedIn(page, request, session, '/account/users', variant.look);
      await test.step('team: invite, row actions, edit and delete', () => teamDialogs(page));
      await walkTo(page, '/account/profile');
      await test.step('profile: close the account (not confirmed)', () => closeAccount(page));
      await walkTo(page, '/account/billing');
      await test.step('billing: change plan (not confirmed)', () => changePlan(page));
      await test.step('billing: update the card (not saved)', () => updateCard(page));
      await walkTo(page, '/welcome');
      await test.step('feedback panel', () => feedback(page));
    });

    async function teamDialogs(page: Page) {
      await page.getByRole('button', { name: say('invite') }).click();
      await checkOpen(page, '[role="dialog"]', `dialog-invite-${variant.name}`);
      await page.keyboard.press('Escape');

      const actions = page.getByRole('button', { name: say('actions'), exact: true });
      await actions.click();
      await checkOpen(page, '[role="menu"]', `menu-row-actions-${variant.name}`);
      await page.getByRole('menuitem', { name: say('edit') }).click();
      await checkOpen(page, '[role="dialog"]', `dialog-edit-${variant.name}`);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: say('cancel') })
        .click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await actions.click();
      await page.getByRole('menuitem', { name: say('delete') }).click();
      await checkOpen(page, '[role="alertdialog"]', `dialog-delete-${variant.name}`);
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: say('cancel') })
        .click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    }

    async function closeAccount(page: Page) {
      await page.getByRole('button', { name: say('closeAccount') }).click();
      await checkOpen(page, '[role="dialog"]', `dialog-close-account-${variant.name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    async function changePlan(page: Page) {
      await page
        .getByRole('button', { name: say('changePlan') })
        .first()
        .click();
      await checkOpen(page, '[role="dialog"]', `dialog-change-plan-${variant.name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    async function updateCard(page: Page) {
      await page.getByRole('button', { name: say('updateCard') }).click();
      const dialog = page.getByRole('dialog', { name: say('updateCard') });
      await expect(dialog.locator('input[name="card-number"]')).toBeVisible();
      await checkOpen(page, '[role="dialog"]', `dialog-update-card-${variant.name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    test('billing: the card issuer asks to confirm a payment', async ({ page, request }) => {
      // A partner of their own: the demo owner already pays, and a payment changes the plan.
      const email = `dialogs-${Date.now()}@example.test`;
      await createVerifiedPartner(request, email, 'Dialogs-pass-1!');
      const session = await apiSignIn(request, email, 'Dialogs-pass-1!');
      await openSignedIn(page, request, session, '/account/upgrade?plan=free_plus', variant.look);
      await page.locator('input[name="card-number"]').fill('4000 0025 0000 3155');
      await page.locator('input[name="card-expiry"]').fill('12/34');
      await page.locator('input[name="card-cvc"]').fill('123');
      await page.locator('input[name="card-name"]').fill('Jo Tester');
      await page.getByRole('button', { name: new RegExp(`^${say('pay')}`) }).click();
      await expect(page.getByRole('dialog', { name: say('confirmPayment') })).toBeVisible();
      await checkOpen(page, '[role="dialog"]', `dialog-authenticate-${variant.name}`);
    });

    async function feedback(page: Page) {
      await page.getByRole('button', { name: say('feedback') }).click();
      await checkOpen(page, '[role="dialog"]', `popover-feedback-${variant.name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
}
