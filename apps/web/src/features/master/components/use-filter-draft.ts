import { useState } from 'react';
import { useAddressDraft } from './use-address-draft';
import { emptyAll, trimAll, type FilterError } from './filter-draft';

/** One string per set of values, to tell whether the address holds another. */
const draftKey = (draft: Record<string, string>) => new URLSearchParams(draft).toString();

/** A list's filter bar: the filters the address holds, and where the accepted ones go. */
export interface AddressFilters<D> {
  values: D;
  onApply: (draft: D) => void;
}

/**
 * A filter bar's fields as typed, following the address. A change applies only once the
 * contract's query schema takes it (`parse`); until then the error says why and the address
 * keeps what it had. `idPrefix` names the bar's fields and its error line.
 */
export function useFilterDraft<D extends Record<string, string>>({
  idPrefix,
  values,
  parse,
  onApply,
}: AddressFilters<D> & {
  idPrefix: string;
  parse: (draft: D) => { filters: object | null; error: FilterError | null };
}) {
  const [error, setError] = useState<FilterError | null>(null);
  const { draft, setDraft, markApplied } = useAddressDraft(values, draftKey, () => setError(null));
  const apply = (next: D) => {
    const result = parse(next);
    setError(result.error);
    if (!result.filters) return;
    const trimmed = trimAll(next);
    markApplied(trimmed);
    onApply(trimmed);
  };
  const change = (patch: Partial<D>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    apply(next);
  };
  return {
    idPrefix,
    errorId: `${idPrefix}-filter-error`,
    draft,
    setDraft,
    error,
    change,
    /** Applies the fields as typed. */
    apply: () => apply(draft),
    clear: () => change(emptyAll(draft)),
  };
}
