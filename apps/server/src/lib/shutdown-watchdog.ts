import { Worker } from 'node:worker_threads';

// A script, not a module file: the bundle has no separate file to point a worker at.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.at - Date.now());
`;

/**
 * Kills this process with SIGKILL `ms` from now, from a thread of its own.
 *
 * The shutdown's timer and the second-signal handler run on the main thread, so anything that
 * holds that thread holds them too: an exit hook that retries a write to a stdout nobody drains
 * (the hang this was written for), a long synchronous query in the embedded database, a terminal
 * that stopped scrolling. And a process that handles SIGTERM no longer dies of it. A worker has
 * its own event loop and needs nothing from the main thread to send the kill. Unref'd: it never
 * keeps a process that finished its shutdown alive.
 */
export function startShutdownWatchdog(ms: number): void {
  // A deadline, not a delay: the thread takes a while to start, more on a busy machine.
  const at = Date.now() + ms;
  const worker = new Worker(WATCHDOG, { eval: true, workerData: { pid: process.pid, at } });
  // Without a watchdog (no thread to be had) the main thread's own timer still stands.
  worker.on('error', () => undefined);
  worker.unref();
}
