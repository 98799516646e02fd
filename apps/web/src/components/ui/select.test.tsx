import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from './select';

const options = [
  { value: 'user', label: 'User', group: 'Team' },
  { value: 'admin', label: 'Admin', group: 'Team' },
  { value: 'advertiser', label: 'Advertiser', group: 'External' },
  { value: 'owner', label: 'Owner', group: 'Team', disabled: true },
];

describe('Select', () => {
  it('shows a translated placeholder until something is chosen', () => {
    render(<Select aria-label="Permission" options={options} />);
    expect(screen.getByRole('combobox', { name: 'Permission' })).toHaveTextContent(
      'Select an option',
    );
  });

  it('picks an option with the keyboard', async () => {
    const onValueChange = vi.fn();
    render(<Select aria-label="Permission" options={options} onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Permission' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('admin');
    expect(trigger).toHaveTextContent('Admin');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks an option by click and shows options under their group labels', async () => {
    const onValueChange = vi.fn();
    const onBlur = vi.fn();
    render(
      <Select
        aria-label="Permission"
        options={options}
        onValueChange={onValueChange}
        onBlur={onBlur}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Permission' }));
    const groups = await screen.findAllByRole('group');
    expect(groups.map((group) => group.textContent)).toEqual([
      'TeamUserAdminOwner',
      'ExternalAdvertiser',
    ]);
    expect(screen.getByRole('option', { name: 'Owner' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Advertiser' }));
    expect(onValueChange).toHaveBeenCalledWith('advertiser');
    expect(onBlur).toHaveBeenCalled();
  });

  it('shows the controlled value', () => {
    render(<Select aria-label="Permission" options={options} value="admin" />);
    expect(screen.getByRole('combobox', { name: 'Permission' })).toHaveTextContent('Admin');
  });
});
