import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from './drawer';

function NavDrawer({ side }: { side?: 'left' | 'right' }) {
  return (
    <Drawer>
      <DrawerTrigger>Menu</DrawerTrigger>
      <DrawerContent side={side}>
        <DrawerHeader>
          <DrawerTitle>Navigation</DrawerTitle>
          <DrawerDescription>Go to another page.</DrawerDescription>
        </DrawerHeader>
      </DrawerContent>
    </Drawer>
  );
}

describe('Drawer', () => {
  it('opens from the right by default and closes from its corner button', async () => {
    render(<NavDrawer />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(drawer).toHaveClass('right-0');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('can open from the left', async () => {
    render(<NavDrawer side="left" />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toHaveClass('left-0');
  });
});
