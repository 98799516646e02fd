import { useState } from 'react';

/** Which rows are ticked, shared by the table's and the cards' checkboxes. */
export interface RowSelection {
  isSelected: (id: string) => boolean;
  setRow: (id: string, selected: boolean) => void;
  /** The "select all" box: every row of the page ticked, none, or some. */
  page: boolean | 'indeterminate';
  setPage: (selected: boolean) => void;
}

export function useRowSelection(
  pageIds: string[],
  onSelectionChange?: (ids: string[]) => void,
): RowSelection {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const change = (next: Set<string>) => {
    setSelected(next);
    onSelectionChange?.([...next]);
  };
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  return {
    isSelected: (id) => selected.has(id),
    setRow: (id, on) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      change(next);
    },
    page: selectedOnPage === 0 ? false : selectedOnPage === pageIds.length ? true : 'indeterminate',
    setPage: (on) => {
      const next = new Set(selected);
      pageIds.forEach((id) => (on ? next.add(id) : next.delete(id)));
      change(next);
    },
  };
}
