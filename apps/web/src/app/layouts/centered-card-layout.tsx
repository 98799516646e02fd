import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { Brand } from '../navigation/brand';
import { PreferencesBar } from '../navigation/preferences-bar';
import { paths } from '../route-table';

/** A single card in the middle of the page, for short steps (codes, links, password reset). */
export function CenteredCardLayout({
  children,
  above,
  wide = false,
}: {
  children: ReactNode;
  above?: ReactNode;
  /** Room for content side by side (the plans), instead of one narrow column. */
  wide?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="flex items-center justify-between p-4 sm:p-6">
        <Brand to={paths.signin} />
        <PreferencesBar />
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-10 sm:items-center sm:pt-0"
      >
        <div className={cn('grid w-full animate-page-in gap-4', wide ? 'max-w-5xl' : 'max-w-md')}>
          {above}
          <Card className="p-6 sm:p-8">{children}</Card>
        </div>
      </main>
    </div>
  );
}

/** Short auth steps (one-time codes, links, password reset) as a route layout. */
export function CenteredLayout() {
  return (
    <CenteredCardLayout>
      <Outlet />
    </CenteredCardLayout>
  );
}
