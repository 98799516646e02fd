/**
 * RFC 4180 CSV. A cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so a
 * spreadsheet never runs it as a formula (CSV injection); numbers are written as they are.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const cell = (value: string | number): string => {
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
