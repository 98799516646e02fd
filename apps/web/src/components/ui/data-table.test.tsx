import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from './data-table';
import { i18n } from '@/lib/i18n';
import { mockScreen } from '@/test/screen-width';
import { cardFacts, formatCell, identityColumn } from './data-table-model';
import { priorityClass } from './data-table-priority';

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

interface Person {
  id: string;
  name: string;
  email: string;
  role: string;
  joined: string;
}

const people: Person[] = [
  {
    id: 'p1',
    name: 'Ana Ruiz',
    email: 'ana@example.test',
    role: 'Admin',
    joined: '2026-01-05T12:00:00Z',
  },
  {
    id: 'p2',
    name: 'Luis Gil',
    email: 'luis@example.test',
    role: 'User',
    joined: '2026-03-09T12:00:00Z',
  },
];

// Deliberately not in priority order, to show the cards sort their facts by priority.
const peopleColumns: DataTableColumn<Person>[] = [
  { key: 'joined', header: 'Joined', kind: 'date', priority: 4, sortable: true },
  { key: 'name', header: 'Name', priority: 1, sortable: true },
  { key: 'role', header: 'Role', priority: 2, sortable: true },
  { key: 'email', header: 'Email', priority: 3 },
];

function renderPeople(props: { selectable?: boolean } = {}) {
  const onEdit = vi.fn();
  render(
    <DataTable
      caption="Team members"
      columns={peopleColumns}
      rows={people}
      getRowId={(p) => p.id}
      getRowLabel={(p) => p.name}
      rowActions={(p) => [{ label: 'Edit', onSelect: () => onEdit(p.id) }]}
      {...props}
    />,
  );
  return { onEdit };
}

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

  it("writes dates and numbers in the viewer's language", async () => {
    const before = i18n.language;
    await i18n.changeLanguage('es');
    try {
      expect(formatCell('2026-11-25T10:05:00Z', 'date')).toBe('25 nov 2026');
      expect(formatCell(16270, 'number')).toBe('16.270');
      expect(formatCell(7885, 'number')).toBe('7.885');
    } finally {
      await i18n.changeLanguage(before);
    }
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

describe('DataTable column priorities', () => {
  it('maps each priority to the width of the table box it shows from', () => {
    expect(priorityClass(undefined)).toBe('');
    expect(priorityClass(1)).toBe('');
    expect(priorityClass(2)).toBe('hidden @md:table-cell');
    expect(priorityClass(3)).toBe('hidden @xl:table-cell');
    expect(priorityClass(4)).toBe('hidden @2xl:table-cell');
    expect(priorityClass(5)).toBe('hidden @4xl:table-cell');
  });

  it('hides the header and the cells of a column together, and never the identity', () => {
    mockScreen({ phone: false });
    renderPeople();
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Name')).not.toHaveClass('hidden');
    expect(header('Name')).toHaveClass('sticky');
    expect(header('Role')).toHaveClass('hidden', '@md:table-cell');
    expect(header('Email')).toHaveClass('hidden', '@xl:table-cell');
    expect(header('Joined')).toHaveClass('hidden', '@2xl:table-cell');
    const cells = within(bodyRows()[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.priority)).toEqual(['4', '1', '2', '3', undefined]);
    expect(cells[1]).not.toHaveClass('hidden');
    expect(cells[0]).toHaveClass('hidden', '@2xl:table-cell');
    // The actions cell never gives way and sticks to the right edge.
    expect(cells[4]).not.toHaveClass('hidden');
    expect(cells[4]).toHaveClass('sticky', 'right-0');
  });

  it('leaves columns without a priority always shown, as before priorities', () => {
    render(<DataTable columns={columns} rows={rows.slice(0, 1)} getRowId={(r) => r.id} />);
    for (const header of screen.getAllByRole('columnheader')) {
      expect(header).not.toHaveClass('hidden');
    }
  });

  it('names the row by its first priority-1 column, and lists the rest by priority', () => {
    expect(identityColumn(peopleColumns)?.key).toBe('name');
    expect(cardFacts(peopleColumns).map((column) => column.key)).toEqual([
      'role',
      'email',
      'joined',
    ]);
    expect(identityColumn(columns)?.key).toBe('email');
  });
});

describe('DataTable on a phone', () => {
  it('shows each row as a card headed by its identity, with its facts and actions', async () => {
    mockScreen({ phone: true });
    const { onEdit } = renderPeople();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Team members' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const ana = cards[0] as HTMLElement;
    expect(within(ana).getByRole('heading', { level: 2, name: 'Ana Ruiz' })).toBeInTheDocument();
    const terms = within(ana)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(ana)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Role', 'Email', 'Joined']);
    expect(values.slice(0, 2)).toEqual(['Admin', 'ana@example.test']);
    expect(values[2]).toMatch(/^Jan 5, 2026$/);

    await userEvent.click(within(ana).getByRole('button', { name: 'Actions for Ana Ruiz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith('p1');
  });

  it('reaches every checkbox and actions button by Tab, card by card', async () => {
    mockScreen({ phone: true });
    renderPeople({ selectable: true });
    const order = [
      screen.getByRole('checkbox', { name: /Select all/ }),
      screen.getByRole('checkbox', { name: 'Select Ana Ruiz' }),
      screen.getByRole('button', { name: 'Actions for Ana Ruiz' }),
      screen.getByRole('checkbox', { name: 'Select Luis Gil' }),
      screen.getByRole('button', { name: 'Actions for Luis Gil' }),
    ];
    order[0]?.focus();
    for (const element of order.slice(1)) {
      await userEvent.tab();
      expect(element).toHaveFocus();
    }
  });

  it('sorts the cards with a select and a descending toggle', async () => {
    mockScreen({ phone: true });
    renderPeople();
    const names = () =>
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const descending = screen.getByRole('button', { name: 'Descending order' });
    expect(descending).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    const options = await screen.findAllByRole('option');
    // Only sortable columns are offered (not Email).
    expect(options.map((option) => option.textContent)).toEqual(['Joined', 'Name', 'Role']);
    await userEvent.click(screen.getByRole('option', { name: 'Role' }));
    expect(names()).toEqual(['Ana Ruiz', 'Luis Gil']);
    await userEvent.click(descending);
    expect(descending).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['Luis Gil', 'Ana Ruiz']);
  });

  it('switches between cards and table as the window crosses the phone width', () => {
    const screenSize = mockScreen({ phone: false });
    renderPeople();
    expect(screen.getByRole('table')).toBeInTheDocument();
    screenSize.resize({ phone: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Team members' })).toBeInTheDocument();
    screenSize.resize({ phone: false });
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows the empty state instead of an empty list', () => {
    mockScreen({ phone: true });
    render(
      <DataTable
        columns={peopleColumns}
        rows={[]}
        getRowId={(p) => p.id}
        emptyState="Nobody yet"
      />,
    );
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
