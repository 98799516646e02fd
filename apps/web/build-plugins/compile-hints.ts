import type { Plugin } from 'vite';

/** V8's explicit compile hint: compile every function of this file as soon as it arrives. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Chromium compiles a script off the main thread, while it downloads, only from this size up
 * (Blink's ScriptStreamer threshold, 30 KiB). A smaller script is compiled on the main thread,
 * where compiling it all up front would only move work earlier, and add the functions never run.
 */
export const STREAMED_SCRIPT_BYTES = 30 * 1024;

/**
 * Marks the large chunks with V8's compile hint (docs/performance.md#main-thread-work-on-the-dashboard).
 *
 * Left to itself, V8 compiles a function only when it is first called, on the main thread, and
 * that compiling was a large part of the start-up's long tasks (React DOM, the router, i18next, the
 * schemas). With the hint, a chunk the browser streams is compiled in the background as its
 * bytes arrive; the first visit's chunks are nearly all run at start, so little is compiled in
 * vain. Browsers without the hint read it as a comment.
 *
 * Written into the final code (after minification, which drops comments, and after Vite's own
 * additions, since the hint must be the file's first line). The file names' hashes are computed
 * before: they do not change with the hint, which changes no behaviour.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          if (output.code.length < STREAMED_SCRIPT_BYTES) continue;
          if (output.code.startsWith(COMPILE_HINT)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
        }
      },
    },
  };
}
