import { useState } from 'react';

/**
 * Filter fields as typed, for values the address holds. The fields follow the address when it
 * changes from elsewhere (the console's menu, Back), but not when it changes to what the user
 * sent (`markApplied`), nor while their change is on its way to it.
 */
export function useAddressDraft<T>(
  fromAddress: T,
  keyOf: (value: T) => string,
  onFollow?: () => void,
) {
  const addressKey = keyOf(fromAddress);
  const [draft, setDraft] = useState(fromAddress);
  const [seen, setSeen] = useState(addressKey);
  const [applied, setApplied] = useState(addressKey);
  if (addressKey !== seen) {
    // Adjusted while rendering (not in an effect), so the old fields never show.
    setSeen(addressKey);
    if (addressKey !== applied) {
      setApplied(addressKey);
      setDraft(fromAddress);
      onFollow?.();
    }
  }
  return { draft, setDraft, markApplied: (value: T) => setApplied(keyOf(value)) };
}
