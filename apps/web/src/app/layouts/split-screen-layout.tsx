import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInOptionsContext, useLoadSignInOptions } from '@/features/auth/api/sign-in-options';
import { Brand } from '../navigation/brand';
import { PreferencesBar } from '../navigation/preferences-bar';
import { paths } from '../route-table';

/**
 * Form on one side, brand text and logo on the other (docs/product.md#screens-and-routes); the brand side hides on phones.
 * The partner-site link comes from the server (BRAND_URL) and is left out when it has none.
 */
export function SplitScreenLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const options = useLoadSignInOptions();
  return (
    <SignInOptionsContext value={options}>
      <div className="grid min-h-dvh lg:grid-cols-2">
        <div className="flex flex-col">
          <header className="flex items-center justify-between p-4 sm:p-6">
            <Brand to={paths.signin} />
            <PreferencesBar />
          </header>
          <main id="main" className="flex flex-1 items-center justify-center px-4 pb-10 sm:px-6">
            <div className="w-full max-w-sm animate-page-in">{children}</div>
          </main>
        </div>
        <aside
          className="relative hidden overflow-hidden bg-brand-panel p-10 text-brand-panel-foreground lg:flex lg:flex-col lg:justify-between"
          aria-label={t('app.brand.label')}
        >
          <div
            className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-panel-foreground/10"
            aria-hidden
          />
          <div
            className="absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-panel-foreground/10"
            aria-hidden
          />
          <p className="relative text-sm font-medium tracking-wide uppercase opacity-90">
            Partner Portal
          </p>
          <div className="relative grid gap-4">
            <p className="text-3xl leading-tight font-semibold">{t('app.brand.headline')}</p>
            <p className="max-w-md text-base opacity-90">{t('app.brand.body')}</p>
            {options.brandUrl ? (
              <a
                href={options.brandUrl}
                className="w-fit text-sm font-medium underline underline-offset-4"
                rel="noreferrer"
                target="_blank"
                // Where the server writes its own link into a drawn page, or cuts it out.
                data-brand-link=""
              >
                {t('app.brand.link')}
              </a>
            ) : null}
          </div>
        </aside>
      </div>
    </SignInOptionsContext>
  );
}
