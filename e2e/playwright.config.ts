import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/chromium';
import { journeyWorkers } from './fixtures/workers';

export default defineConfig({
  testDir: './specs',
  outputDir: '../.test-results/e2e',
  globalSetup: './global-setup.ts',
  // Files side by side, each on its worker's own app server (global-setup.ts); the journeys of a
  // file one after the other, as they are written.
  fullyParallel: false,
  workers: journeyWorkers(),
  retries: 0,
  // Whole journeys (several browsers, mail round trips, axe passes) take 15–30 s on these 2-core
  // machines, more when the host is busy: 30 s made them fail on load, not on behaviour.
  timeout: 90_000,
  // A wait for something to appear, not a speed check: on a busy machine a page's data took over
  // 10 s to land, though it was on screen when the failure's screenshot was taken.
  expect: { timeout: 20_000 },
  forbidOnly: true,
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    // A failed journey keeps its trace: every action with the page's DOM before and after it. The
    // trace's film strip is left out: encoding a frame of every paint took a third of the run's
    // CPU (three journey files: 342 s of CPU and 149 s of wall time with it, 262 s and 111 s
    // without). The failure's own screenshot is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
