import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, STREAMED_SCRIPT_BYTES } from './compile-hints';

type Output = { type: 'chunk'; code: string } | { type: 'asset'; source: string };

/** Runs the plugin's generateBundle on a bundle of made-up outputs. */
function bundleAfterHints(bundle: Record<string, Output>): Record<string, Output> {
  const hook = compileHints().generateBundle as unknown as {
    handler: (options: unknown, bundle: Record<string, Output>) => void;
  };
  hook.handler({}, bundle);
  return bundle;
}

describe('compile-hints', () => {
  const large = `const mapDeps=[];\n${'function f(){return 1}'.repeat(STREAMED_SCRIPT_BYTES / 20)}`;

  it('puts the hint on the first line of a chunk the browser streams, before the rest', () => {
    const { main } = bundleAfterHints({ main: { type: 'chunk', code: large } });
    expect(main).toEqual({ type: 'chunk', code: `${COMPILE_HINT}\n${large}` });
  });

  it('leaves small chunks, which are compiled on the main thread anyway, and assets alone', () => {
    const small = 'export const a=1;';
    const bundle = bundleAfterHints({
      icon: { type: 'chunk', code: small },
      style: { type: 'asset', source: large },
    });
    expect(bundle.icon).toEqual({ type: 'chunk', code: small });
    expect(bundle.style).toEqual({ type: 'asset', source: large });
  });

  it('marks a chunk once when it already carries the hint', () => {
    const code = `${COMPILE_HINT}\n${large}`;
    expect(bundleAfterHints({ main: { type: 'chunk', code } }).main).toEqual({
      type: 'chunk',
      code,
    });
  });
});
