import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { Tooltip, TooltipProvider } from './tooltip';

describe('Tooltip', () => {
  it('describes its trigger when the trigger gets keyboard focus, and hides on Escape', async () => {
    render(
      <TooltipProvider>
        <Tooltip content="Switch to dark mode">
          <Button size="icon" aria-label="Theme">
            ☾
          </Button>
        </Tooltip>
      </TooltipProvider>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Switch to dark mode');
    expect(screen.getByRole('button', { name: 'Theme' })).toHaveAccessibleDescription(
      'Switch to dark mode',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('works without a TooltipProvider around it (the app mounts none at its root)', async () => {
    render(
      <Tooltip content="Copy the key">
        <Button size="icon" aria-label="Copy">
          ⧉
        </Button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy the key');
  });
});
