import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Banner } from './banner';
import { ProgressBar } from './progress-bar';
import { toast } from './toast-store';
import { Toaster } from './toaster';

describe('UI kit', () => {
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
