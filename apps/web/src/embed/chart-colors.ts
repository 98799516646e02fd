/** Chart.js draws on a canvas, which needs concrete colours for the current theme. */
export function chartColors(dark: boolean) {
  return dark
    ? { primary: '#818cf8', secondary: '#34d399', grid: '#374151', text: '#d1d5db' }
    : { primary: '#4f46e5', secondary: '#059669', grid: '#e5e7eb', text: '#374151' };
}
