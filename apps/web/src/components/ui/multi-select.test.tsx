import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiSelect } from './multi-select';

const dashboards = [
  { value: 'sales', label: 'Sales' },
  { value: 'traffic', label: 'Traffic' },
  { value: 'revenue', label: 'Revenue' },
  { value: 'churn', label: 'Churn' },
];

/** A controlled MultiSelect, as a form would hold it. */
function Dashboards({ onChange }: { onChange?: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MultiSelect
      aria-label="Dashboards"
      options={dashboards}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('MultiSelect', () => {
  it('toggles several options by click and shows them on the trigger', async () => {
    const onChange = vi.fn();
    render(<Dashboards onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: 'Dashboards' });
    expect(trigger).toHaveTextContent('Select an option');

    await userEvent.click(trigger);
    const list = await screen.findByRole('listbox', { name: 'Dashboards' });
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.click(within(list).getByRole('option', { name: 'Traffic' }));
    await userEvent.click(within(list).getByRole('option', { name: 'Sales' }));
    expect(onChange).toHaveBeenLastCalledWith(['traffic', 'sales']);
    expect(within(list).getByRole('option', { name: 'Sales' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await userEvent.click(within(list).getByRole('option', { name: 'Traffic' }));
    expect(onChange).toHaveBeenLastCalledWith(['sales']);
    expect(within(list).getByRole('option', { name: 'Traffic' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(trigger).toHaveTextContent('Sales');
    expect(trigger).not.toHaveTextContent('Traffic');
  });

  it('is operable with the keyboard alone', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(
      <>
        <Dashboards onChange={onChange} />
        <MultiSelect
          aria-label="Other"
          options={[]}
          value={[]}
          onValueChange={vi.fn()}
          onBlur={onBlur}
        />
      </>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('listbox', { name: 'Dashboards' });
    expect(list).toHaveFocus();

    await userEvent.keyboard(' ');
    await userEvent.keyboard('{End}{Enter}');
    await userEvent.keyboard('{ArrowUp}{ArrowUp} ');
    expect(onChange).toHaveBeenLastCalledWith(['sales', 'churn', 'traffic']);
    expect(list).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Traffic' }).id,
    );

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dashboards' })).toHaveFocus();
  });

  it('says how many are chosen once badges would crowd the trigger', async () => {
    render(<Dashboards />);
    const trigger = screen.getByRole('button', { name: 'Dashboards' });
    await userEvent.click(trigger);
    const list = await screen.findByRole('listbox');
    for (const option of within(list).getAllByRole('option')) await userEvent.click(option);
    expect(trigger).toHaveTextContent('4 selected');
  });

  it('reports a blur when its list closes and skips disabled options', async () => {
    const onValueChange = vi.fn();
    const onBlur = vi.fn();
    render(
      <MultiSelect
        aria-label="Dashboards"
        options={[{ value: 'sales', label: 'Sales', disabled: true }]}
        value={[]}
        onValueChange={onValueChange}
        onBlur={onBlur}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dashboards' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    expect(onValueChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
