const WIDTH = 30;
const STEP = 0.1;

/**
 * A progress bar for a command whose output travels line by line (the admin socket too): one
 * line each time another tenth of `total` bytes is read, with the rows seen so far.
 */
export function progressBar(
  total: number,
  print: (line: string) => void,
): (progress: { bytes: number; checked: number }) => void {
  let shown = -1;
  return ({ bytes, checked }) => {
    const fraction = total > 0 ? Math.min(1, bytes / total) : 1;
    const step = Math.floor(fraction / STEP);
    if (step <= shown) return;
    shown = step;
    const filled = Math.round(fraction * WIDTH);
    const percent = String(Math.round(fraction * 100)).padStart(3);
    print(
      `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${percent}%  ${checked.toLocaleString('en-US')} rows checked`,
    );
  };
}
