import { Outlet } from 'react-router';
import { SplitScreenLayout } from './split-screen-layout';

/** The auth layout: sign-in and sign-up screens on the split screen. */
export function AuthLayout() {
  return (
    <SplitScreenLayout>
      <Outlet />
    </SplitScreenLayout>
  );
}
