import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { patchRadixModule } from './radix-on-preact';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
// The workspace's hoisted copy, the one Vite bundles.
const installed = (name: string) => {
  const path = join(root, 'node_modules', name, 'dist/index.mjs');
  return { path, code: readFileSync(path, 'utf8') };
};

describe('radix-on-preact', () => {
  it('patches the installed Radix modules it knows', () => {
    const collection = installed('@radix-ui/react-collection');
    expect(patchRadixModule(collection.path, collection.code)).toContain(
      'React.useLayoutEffect(() => {\n        context.itemMap.set(ref',
    );
    const layer = installed('@radix-ui/react-dismissable-layer');
    const patchedLayer = patchRadixModule(layer.path, layer.code);
    expect(patchedLayer).toContain('...layersAboveOf(context.layers, node)');
    expect(patchedLayer).toContain('function layersAboveOf(layers, node)');
    const tooltip = installed('@radix-ui/react-tooltip');
    expect(patchRadixModule(tooltip.path, tooltip.code)).toContain(
      'new CustomEvent(TOOLTIP_OPEN, { detail: trigger })',
    );
  });

  it('leaves every other module alone', () => {
    expect(patchRadixModule('/node_modules/@radix-ui/react-menu/dist/index.mjs', 'x')).toBeNull();
  });

  it('stops the build when the text a patch replaces has moved', () => {
    expect(() =>
      patchRadixModule('/node_modules/@radix-ui/react-collection/dist/index.mjs?v=1', 'changed'),
    ).toThrow(/no longer in \/@radix-ui\/react-collection/);
  });
});
