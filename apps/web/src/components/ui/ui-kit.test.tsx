import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserAvatar } from './avatar';
import { Banner } from './banner';
import { Button } from './button';
import { ConfirmDialogHost } from './confirm-dialog';
import { openConfirmDialog } from './confirm-dialog-store';
import { MultiSelect } from './multi-select';
import { ProgressBar } from './progress-bar';
import { Switch } from './switch';
import { toast } from './toast-store';
import { Toaster } from './toaster';

describe('UI kit', () => {
  it('Button in loading state is disabled and announced busy', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('UserAvatar falls back to the first letter of the name', () => {
    render(<UserAvatar name="olivia Owner" />);
    expect(screen.getByRole('img', { name: 'olivia Owner' })).toHaveTextContent('O');
  });

  it('Switch toggles', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch aria-label="Dark mode" onCheckedChange={onCheckedChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('MultiSelect toggles several options', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(
      <MultiSelect
        aria-label="Dashboards"
        value={[]}
        onValueChange={onValueChange}
        options={[
          { value: 'a', label: 'Alpha' },
          { value: 'b', label: 'Beta' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dashboards' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Beta' }));
    expect(onValueChange).toHaveBeenLastCalledWith(['b']);
    rerender(
      <MultiSelect
        aria-label="Dashboards"
        value={['b']}
        onValueChange={onValueChange}
        options={[
          { value: 'a', label: 'Alpha' },
          { value: 'b', label: 'Beta' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alpha' }));
    expect(onValueChange).toHaveBeenLastCalledWith(['b', 'a']);
  });

  it('confirmation dialog runs its callback only when confirmed, then clears', async () => {
    render(<ConfirmDialogHost />);
    const callback = vi.fn();
    let answer = openConfirmDialog({ title: 'Delete user?', buttonText: 'Delete', callback });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    expect(callback).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Delete user?')).not.toBeInTheDocument());

    answer = openConfirmDialog({ title: 'Delete user?', buttonText: 'Delete', callback });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('error toasts are red with an alert icon; others show a check', async () => {
    render(<Toaster />);
    toast({ title: 'Could not save', variant: 'error' });
    toast({ title: 'Saved', variant: 'success' });
    const error = (await screen.findByText('Could not save')).closest('li');
    expect(error).toHaveClass('bg-destructive');
    expect(error?.querySelector('[data-icon="alert"]')).not.toBeNull();
    const success = screen.getByText('Saved').closest('li');
    expect(success?.querySelector('[data-icon="check"]')).not.toBeNull();
  });

  it('progress bar reflects its state', () => {
    const { rerender } = render(<ProgressBar state="indeterminate" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'indeterminate');
    rerender(<ProgressBar state="loading" value={40} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    rerender(<ProgressBar state="complete" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'complete');
  });

  it('banners use alert for errors and status otherwise', () => {
    render(
      <>
        <Banner variant="error" title="Payment failed" />
        <Banner variant="info" title="Tip" />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed');
    expect(screen.getByRole('status')).toHaveTextContent('Tip');
  });
});
