/**
 * Local storage, which a browser may refuse: "block site data" settings, private modes, and the
 * built-in workbook's frame, which runs on another site than the app and so counts as a third
 * party. A refused read reads as nothing stored and a refused write is dropped: the page goes on
 * with what it holds in memory instead of failing on a property access.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Refused or full: kept for this page only (the caller's own state still holds it).
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Refused: nothing this page could read was stored either.
  }
}
