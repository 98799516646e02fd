import { Outlet } from 'react-router';
import { AppShell } from './app-shell';

export function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
