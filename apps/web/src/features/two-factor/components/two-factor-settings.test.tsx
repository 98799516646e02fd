import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  // Test files share globals (isolate: false): take back what a test put on them.
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const SETUP = {
  'PUT /api/user/2fa': () => ({
    body: {
      data: {
        '2fa_enabled': false,
        qr_code: 'data:image/png;base64,AA==',
        secret: 'JBSWY3DPEHPK3PXP',
      },
    },
  }),
};

describe('the 2FA switch', () => {
  it('stays off while a setup waits for its first code, which Cancel abandons', async () => {
    stubRoutes(SETUP);
    setSession(testSession({ '2fa_enabled': false }));
    renderRoute('/account/2fa');
    const toggle = await screen.findByRole('switch', { name: /Two-factor authentication/ });
    await userEvent.click(toggle);
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/Setting up: scan the code below/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel setup' }));
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();
    expect(toggle).toBeEnabled();
  });

  it('stays on while turning off waits for a code, which Keep it on abandons', async () => {
    stubRoutes({});
    setSession(testSession({ '2fa_enabled': true }));
    renderRoute('/account/2fa');
    const toggle = await screen.findByRole('switch', { name: /Two-factor authentication/ });
    await userEvent.click(toggle);
    expect(await screen.findByText('Turn off two-factor authentication')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it on' }));
    expect(screen.queryByText('Turn off two-factor authentication')).not.toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('offers to copy the backup code and to keep it as a file', async () => {
    stubRoutes({
      ...SETUP,
      'POST /api/user/2fa/verify': () => ({ body: { data: { backup_code: 'ABCD2345EF' } } }),
    });
    const writeText = vi.fn(() => Promise.resolve());
    Reflect.deleteProperty(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn(() => 'blob:backup');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    setSession(testSession({ '2fa_enabled': false, email: 'ada@example.test' }));
    renderRoute('/account/2fa');
    await userEvent.click(await screen.findByRole('switch', { name: /Two-factor authentication/ }));
    await screen.findByTestId('totp-secret');
    await userEvent.click(screen.getAllByRole('textbox')[0] as HTMLElement);
    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    const banner = (await screen.findByTestId('backup-code')).closest('[data-variant]');
    expect(banner).not.toBeNull();
    await userEvent.click(within(banner as HTMLElement).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('ABCD2345EF');
    expect(await screen.findByText('Backup code copied.')).toBeInTheDocument();
    await userEvent.click(
      within(banner as HTMLElement).getByRole('button', { name: 'Download as a file' }),
    );
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await blob.text();
    expect(text).toContain('ABCD2345EF');
    expect(text).toContain('ada@example.test');
    expect(screen.getByRole('switch', { name: /Two-factor authentication/ })).toBeChecked();
  });
});
