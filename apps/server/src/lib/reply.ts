/** Spec §7: every success body is `{ data }`, with an optional notification message. */
export function ok<T>(data: T, message?: string): { data: T; message?: string } {
  return message === undefined ? { data } : { data, message };
}
