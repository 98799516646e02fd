import { useState, type ReactNode } from 'react';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerHeader,
  DrawerTitle,
} from '@/components/ui/drawer';
import { FeedbackWidget } from '@/features/feedback/feedback-widget';
import { WithQueryClient } from '@/lib/query-client';
import { Brand } from '../navigation/brand';
import { MainNav } from '../navigation/main-nav';
import { SupportSessionBanner } from '../navigation/support-session-banner';
import { TwoFactorDueBanner } from '../navigation/two-factor-due-banner';
import { UserMenu } from '../navigation/user-menu';
import { useSessionRefresh } from './use-session-refresh';
import { useSideNav } from './use-side-nav';

/**
 * The signed-in frame (docs/product.md#screens-and-routes): a left rail on wide screens, a slide-out menu on small ones,
 * a header with the user menu, and the page in <main>.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const sideNav = useSideNav();
  useSessionRefresh();
  return (
    // The signed-in screens (billing, team) fetch through TanStack Query.
    <WithQueryClient>
      <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[16rem_1fr]">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('app.skip_to_content')}
        </a>
        {sideNav ? (
          <aside className="sticky top-0 hidden h-dvh flex-col gap-6 border-r border-border bg-card px-3 py-5 lg:flex">
            <div className="px-2">
              <Brand />
            </div>
            <MainNav />
          </aside>
        ) : null}
        <div className="flex min-w-0 flex-col">
          <SupportSessionBanner />
          <TwoFactorDueBanner />
          <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-border bg-background/90 px-4 backdrop-blur lg:justify-end">
            <div className="flex items-center gap-2 lg:hidden">
              <Drawer open={menuOpen} onOpenChange={setMenuOpen}>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('app.nav.open_menu')}
                  aria-expanded={menuOpen}
                  onClick={() => setMenuOpen(true)}
                >
                  <Menu aria-hidden />
                </Button>
                <DrawerContent side="left">
                  <DrawerHeader>
                    <DrawerTitle>{t('app.nav.menu')}</DrawerTitle>
                    <DrawerDescription className="sr-only">
                      {t('app.nav.menu_description')}
                    </DrawerDescription>
                  </DrawerHeader>
                  <MainNav onNavigate={() => setMenuOpen(false)} />
                </DrawerContent>
              </Drawer>
              <Brand compact />
            </div>
            {/* In the header, not floating over the page: a corner button covered table cells and
                figures on a phone. The feedback widget is on every signed-in page (this frame). */}
            <div className="flex items-center gap-1">
              <FeedbackWidget />
              <UserMenu />
            </div>
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-12 outline-none sm:px-6 lg:pt-8"
          >
            {children}
          </main>
        </div>
      </div>
    </WithQueryClient>
  );
}
