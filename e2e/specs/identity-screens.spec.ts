import type { Page } from '@playwright/test';
import { createSession, type SessionRecord } from '../fixtures/accounts';
import { saveLook, walkTo } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  saveScreen,
  test,
  expectNoSidewaysScroll,
} from '../fixtures/test';

type Step = { verified: boolean; plan: boolean };

interface Screen {
  name: string;
  path: string;
  /** The signed-in user the screen needs, at the onboarding step it belongs to. */
  session?: Step;
  /** Something on the screen once it has settled (en, es). */
  shows: [RegExp, RegExp];
}

// Every identity screen of docs/product.md#screens-and-routes, in the state a person first meets it.
const SCREENS: Screen[] = [
  { name: 'signin', path: '/signin', shows: [/^Sign in$/, /^Iniciar sesión$/] },
  { name: 'signup', path: '/signup?partner=Globex', shows: [/Create/, /Crea/] },
  {
    name: 'signup-user',
    path: '/signup/user?email=invited%40example.test&id=00000000-0000-4000-8000-000000000000',
    shows: [/invit/i, /invit/i],
  },
  { name: 'forgot-password', path: '/forgotpassword', shows: [/password/i, /contraseña/i] },
  { name: 'reset-password', path: '/resetpassword?token=abc', shows: [/password/i, /contraseña/i] },
  {
    name: 'magic-invalid',
    path: '/magic?token=not-a-real-token-1234567890',
    shows: [/This sign-in link no longer works/, /Este enlace de acceso ya no funciona/],
  },
  { name: 'signin-otp', path: '/signin/otp?token=challenge', shows: [/code/i, /código/i] },
  {
    name: 'signin-social-failed',
    path: '/signin/social?provider=oidc&error=cancelled',
    shows: [/Something went wrong/, /Algo salió mal/],
  },
  {
    name: 'signup-verify',
    path: '/signup/verify',
    session: { verified: false, plan: false },
    shows: [/inbox/i, /bandeja/i],
  },
  {
    name: 'signup-plan',
    path: '/signup/plan',
    session: { verified: true, plan: false },
    shows: [/plan/i, /plan/i],
  },
  {
    name: 'welcome',
    path: '/welcome',
    session: { verified: true, plan: true },
    shows: [/Welcome/, /Bienvenid/],
  },
  {
    name: 'account-2fa',
    path: '/account/2fa',
    session: { verified: true, plan: true },
    shows: [/Two-step|Two-factor/i, /dos pasos/i],
  },
];

// The walks and the signed-in screens spread over the workers.
test.describe.configure({ mode: 'parallel' });

async function storeSession(page: Page, session: SessionRecord): Promise<void> {
  await page.addInitScript((record) => {
    localStorage.setItem('partner-portal.session', record);
  }, JSON.stringify(session));
}

const VARIANTS = [
  { name: 'en-light', locale: 'en-US', colorScheme: 'light' as const, language: 0 as const },
  { name: 'es-dark', locale: 'es-ES', colorScheme: 'dark' as const, language: 1 as const },
];

type Variant = (typeof VARIANTS)[number];

/** The screen has settled in the variant's language and theme, and axe finds nothing. */
async function checkScreen(page: Page, screen: Screen, variant: Variant): Promise<void> {
  await expect(
    page
      .getByRole('main')
      .getByText(screen.shows[variant.language])
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', variant.locale.slice(0, 2));
  if (variant.colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoA11yViolations(page);
}

const SIGNED_OUT = SCREENS.filter((screen) => !screen.session);

/**
 * The signed-out screens in one walk through the app's navigation: the first is loaded as the
 * server sends it (prerendered, then taken over), the others as a link opens them.
 */
async function walkSignedOut(page: Page, variant: Variant, phone: boolean): Promise<void> {
  for (const [index, screen] of SIGNED_OUT.entries()) {
    if (index === 0) await page.goto(screen.path);
    else await walkTo(page, screen.path);
    await test.step(screen.name, async () => {
      await checkScreen(page, screen, variant);
      if (phone) await expectNoSidewaysScroll(page);
      await saveScreen(page, `identity-${screen.name}${phone ? '-phone' : ''}-${variant.name}`);
    });
  }
}

for (const variant of VARIANTS) {
  test.describe(`identity screens, ${variant.name}`, () => {
    test.use({ locale: variant.locale, colorScheme: variant.colorScheme });

    test('signed out, one after the other', async ({ page }) => {
      test.slow();
      await walkSignedOut(page, variant, false);
    });

    for (const screen of SCREENS.filter((s) => s.session)) {
      test(screen.name, async ({ page, request }) => {
        const session = await createSession(request, screen.session as Step);
        await storeSession(
          page,
          await saveLook(request, session, {
            locale: variant.language === 0 ? 'en' : 'es',
            dark: variant.colorScheme === 'dark',
          }),
        );
        await page.goto(screen.path);
        await checkScreen(page, screen, variant);
        await saveScreen(page, `identity-${screen.name}-${variant.name}`);
      });
    }
  });

  test.describe(`identity screens at phone width, ${variant.name}`, () => {
    test.use({
      viewport: { width: 375, height: 812 },
      locale: variant.locale,
      colorScheme: variant.colorScheme,
    });
    test('signed out, each fits without horizontal scrolling', async ({ page }) => {
      test.slow();
      await walkSignedOut(page, variant, true);
    });
  });
}
