import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './checkbox';
import { Label } from './label';

describe('Checkbox', () => {
  it('toggles when it or its label is clicked', async () => {
    const onCheckedChange = vi.fn();
    render(
      <>
        <Checkbox id="terms" onCheckedChange={onCheckedChange} />
        <Label htmlFor="terms">I accept the terms</Label>
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    await userEvent.click(screen.getByText('I accept the terms'));
    expect(box).not.toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('shows a mixed state', () => {
    render(<Checkbox aria-label="All rows" checked="indeterminate" />);
    expect(screen.getByRole('checkbox', { name: 'All rows' })).toBePartiallyChecked();
  });
});
