import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Switch } from './switch';

describe('Switch', () => {
  it('toggles by click and by keyboard', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch aria-label="Dark mode" onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(toggle).toBeChecked();

    await userEvent.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
    expect(toggle).not.toBeChecked();
  });

  it('cannot be toggled while disabled', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch aria-label="Dark mode" disabled onCheckedChange={onCheckedChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
