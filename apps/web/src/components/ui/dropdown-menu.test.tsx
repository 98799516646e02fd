import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

function UserMenu({ onSignout, onDarkMode }: { onSignout(): void; onDarkMode(on: boolean): void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>Olivia</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Signed in</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem>Edit account</DropdownMenuItem>
          <DropdownMenuCheckboxItem checked={false} onCheckedChange={onDarkMode}>
            Dark mode
          </DropdownMenuCheckboxItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignout}>Sign out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('DropdownMenu', () => {
  it('opens with the keyboard and runs the chosen item', async () => {
    const onSignout = vi.fn();
    render(<UserMenu onSignout={onSignout} onDarkMode={vi.fn()} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Olivia' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Edit account' })).toHaveFocus();

    await userEvent.keyboard('{End}{Enter}');
    expect(onSignout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(menu).not.toBeInTheDocument());
  });

  it('offers checkbox items that report their new state', async () => {
    const onDarkMode = vi.fn();
    render(<UserMenu onSignout={vi.fn()} onDarkMode={onDarkMode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Olivia' }));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Dark mode' });
    expect(item).not.toBeChecked();
    await userEvent.click(item);
    expect(onDarkMode).toHaveBeenCalledWith(true);
  });
});
