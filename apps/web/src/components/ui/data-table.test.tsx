import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: string;
  email: string;
  logins: number;
  last_login: string;
}

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: `u${i + 1}`,
  email: `user${String(i + 1).padStart(2, '0')}@example.test`,
  logins: (i * 7) % 25,
  last_login: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T15:05:42.123Z`,
}));

const columns: DataTableColumn<Row>[] = [
  { key: 'email', header: 'Email', sortable: true },
  { key: 'logins', header: 'Logins', sortable: true, kind: 'number' },
  { key: 'last_login', header: 'Last login', sortable: true, kind: 'datetime' },
];

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('pages rows and shows "start–end of total"', async () => {
    render(
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        getRowLabel={(r) => r.email}
      />,
    );
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('user11@example.test');
  });

  it('searches across columns, and shows the empty state when nothing matches', async () => {
    render(<DataTable columns={columns} rows={rows} getRowId={(r) => r.id} searchable />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'user2');
    expect(screen.getByText('1–6 of 6')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No results')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
  });

  it('sorts numbers by value and toggles ascending / descending', async () => {
    render(<DataTable columns={columns} rows={rows.slice(0, 5)} getRowId={(r) => r.id} />);
    const header = screen.getByRole('columnheader', { name: /Logins/ });
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      '0',
      '3',
      '7',
      '14',
      '21',
    ]);
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveTextContent('21');
  });

  it('trims date-times to date and time', () => {
    render(<DataTable columns={columns} rows={rows.slice(0, 1)} getRowId={(r) => r.id} />);
    const cell = within(bodyRows()[0] as HTMLElement).getAllByRole('cell')[2];
    expect(cell?.textContent).toMatch(/^Nov 1, 2026, \d{1,2}:05\s?[AP]M$/);
  });

  it('selects all rows of the page and reports their ids', async () => {
    const onSelectionChange = vi.fn();
    render(
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        getRowLabel={(r) => r.email}
        selectable
        onSelectionChange={onSelectionChange}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select user03@example.test' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['u3']);
    expect(screen.getByRole('checkbox', { name: /Select all/ })).toHaveAttribute(
      'data-state',
      'indeterminate',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Select all/ }));
    expect(onSelectionChange.mock.lastCall?.[0]).toHaveLength(10);
  });

  it('runs a row action for the right row', async () => {
    const onEdit = vi.fn();
    render(
      <DataTable
        columns={columns}
        rows={rows.slice(0, 3)}
        getRowId={(r) => r.id}
        getRowLabel={(r) => r.email}
        rowActions={(row) => [{ label: 'Edit', onSelect: () => onEdit(row.id) }]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions for user02@example.test' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith('u2');
  });
});
