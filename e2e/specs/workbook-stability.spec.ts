import { signInAsDemo } from '../fixtures/demo-sign-in';
import { drawnWorkbook } from '../fixtures/workbook';
import { expect, test } from '../fixtures/test';

/**
 * Layout shift is a quarter of a page's performance score and, more to the point, makes a reader
 * lose their place: the workbook's placeholders take the room of what replaces them, so nothing
 * moves when the figures land (docs/performance.md#main-thread-work-on-the-dashboard).
 */
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
];

for (const { name, viewport } of WIDTHS) {
  test(`nothing in the core workbook moves when its figures land (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // Every frame, the cross-site workbook included, adds up its own layout shifts.
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            moved: (entry.sources ?? []).map((source) =>
              source.node instanceof Element
                ? `${source.node.tagName.toLowerCase()}.${source.node.className}`.slice(0, 80)
                : String(source.node?.nodeName),
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The key figures are held back until the placeholders have been seen: a fixed delay was
    // shorter than a busy machine took to show them, and the check then found none.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/embed/kpis?*', async (route) => {
      await held;
      await route.continue();
    });
    await signInAsDemo(page, 'owner@demo.test');
    await page.goto('/dashboard/core');
    const workbook = await drawnWorkbook(page, 'Partner overview');
    await expect(workbook.getByTestId('kpi-placeholder').first()).toBeAttached();
    release();
    await expect(workbook.getByTestId('kpi-revenue')).toBeVisible();
    await expect(workbook.getByRole('table').or(workbook.getByRole('list')).first()).toBeVisible();
    // Let the last sections settle (the charts' entrance changes no box, only pixels).
    await page.waitForTimeout(1_500);
    const frame = page.frames().find((candidate) => candidate.url().includes('/embed/workbook/'));
    if (!frame) throw new Error('no workbook frame');
    const shifts = await frame.evaluate(
      () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
    );
    // The one movement left: a wide table's columns settle to the widths of the rows that land
    // (a table sized by its content). Measured at about 0.0005, a two-hundredth of the 0.1 a
    // page may shift in all and still count as good.
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, `layout shifts inside the workbook: ${JSON.stringify(shifts)}`).toBeLessThan(
      0.001,
    );
    const hostShifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
    );
    expect(hostShifts, 'layout shifts on the dashboard page').toEqual([]);
  });
}
