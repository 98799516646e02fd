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
 * Every signed-in screen of the demo owner (who may open them all), in both languages, both
 * themes and both widths: axe finds nothing of any impact, nothing scrolls sideways, and each
 * state is saved as a screenshot to look at. Journeys elsewhere cover what the screens do.
 */
const SCREENS: { path: string; title: [string, string] }[] = [
  { path: '/welcome', title: ['Welcome', 'Bienvenida'] },
  { path: '/dashboard/core', title: ['Core dashboard', 'Panel principal'] },
  { path: '/dashboard/plus', title: ['Plus dashboard', 'Panel Plus'] },
  { path: '/account', title: ['Account', 'Cuenta'] },
  { path: '/account/profile', title: ['Profile', 'Perfil'] },
  { path: '/account/password', title: ['Password', 'Contraseña'] },
  { path: '/account/2fa', title: ['Two-factor authentication', 'Autenticación en dos pasos'] },
  { path: '/account/notifications', title: ['Notifications', 'Notificaciones'] },
  { path: '/account/alerts', title: ['Alerts', 'Alertas'] },
  { path: '/account/billing', title: ['Billing', 'Facturación'] },
  { path: '/account/users', title: ['Users', 'Usuarios'] },
  { path: '/account/data', title: ['Import data', 'Importar datos'] },
  { path: '/account/apikeys', title: ['API keys', 'Claves de API'] },
  { path: '/account/webhooks', title: ['Webhooks', 'Webhooks'] },
  { path: '/help', title: ['Help', 'Ayuda'] },
];

// The two looks' walks and menus spread over the workers.
test.describe.configure({ mode: 'parallel' });

const OWNER = 'owner@demo.test';

restoreDemoLookAfterEach(OWNER);

for (const variant of LOOKS) {
  test.describe(`signed-in screens, ${variant.name}`, () => {
    test.use({
      viewport: viewportOf(variant.phone),
    });
    const language = variant.look.locale === 'en' ? 0 : 1;

    // One walk through the app's own navigation, as a person goes from screen to screen: the app
    // starts once, not once per screen.
    test('every screen, one after the other', async ({ page, request }) => {
      test.slow();
      const session = await demoSession(request, OWNER);
      for (const [index, screen] of SCREENS.entries()) {
        if (index === 0) await openSignedIn(page, request, session, screen.path, variant.look);
        else await walkTo(page, screen.path);
        await test.step(screen.path, async () => {
          await expect(
            page.getByRole('heading', { level: 1, name: new RegExp(`^${screen.title[language]}`) }),
          ).toBeVisible();
          await expectNoA11yViolations(page);
          if (variant.phone) await expectNoSidewaysScroll(page);
          await saveScreen(page, `app${screen.path.replaceAll('/', '-')}-${variant.name}`);
        });
      }
    });

    test('the menus, open', async ({ page, request }) => {
      await openSignedIn(
        page,
        request,
        await demoSession(request, OWNER),
        '/account',
        variant.look,
      );
      if (variant.phone) {
        await page.getByRole('button', { name: ['Open menu', 'Abrir menú'][language] }).click();
        const drawer = page.getByRole('dialog');
        await expect(drawer).toBeVisible();
        await expectNoA11yViolations(page, '[role="dialog"]');
        await saveScreen(page, `app-menu-drawer-${variant.name}`);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: /, (account menu|menú de la cuenta)$/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoA11yViolations(page, '[role="menu"]');
      await saveScreen(page, `app-user-menu-${variant.name}`);
    });
  });
}
