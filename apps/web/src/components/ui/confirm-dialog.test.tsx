import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialogHost } from './confirm-dialog';
import { openConfirmDialog } from './confirm-dialog-store';

describe('confirmation dialog', () => {
  it('resolves true and runs the callback when confirmed, then clears', async () => {
    render(<ConfirmDialogHost />);
    const callback = vi.fn();
    const answer = openConfirmDialog({
      title: 'Delete user?',
      description: 'This cannot be undone.',
      buttonText: 'Delete',
      destructive: true,
      callback,
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await expect(answer).resolves.toBe(true);
    expect(callback).toHaveBeenCalledExactlyOnceWith(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Delete user?')).not.toBeInTheDocument();
  });

  it('resolves false and skips the callback on Cancel or Escape', async () => {
    render(<ConfirmDialogHost />);
    const callback = vi.fn();

    const cancelled = openConfirmDialog({ title: 'Leave?', callback });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(cancelled).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText('Leave?')).not.toBeInTheDocument());

    const escaped = openConfirmDialog({ title: 'Leave?', callback });
    await screen.findByRole('alertdialog', { name: 'Leave?' });
    await userEvent.keyboard('{Escape}');
    await expect(escaped).resolves.toBe(false);
    expect(callback).not.toHaveBeenCalled();
  });

  it('uses translated default wording and starts on Cancel', async () => {
    render(<ConfirmDialogHost />);
    void openConfirmDialog({ title: 'Sign out?' });
    expect(await screen.findByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  });

  it('counts an earlier request as cancelled when a new one replaces it', async () => {
    render(<ConfirmDialogHost />);
    const first = openConfirmDialog({ title: 'First?' });
    const second = openConfirmDialog({ title: 'Second?' });
    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('alertdialog', { name: 'Second?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(second).resolves.toBe(true);
  });
});
