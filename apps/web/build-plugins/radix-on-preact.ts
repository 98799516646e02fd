import type { Plugin } from 'vite';

/**
 * Two places where Radix relies on React DOM behaviour that Preact (the app's renderer,
 * docs/decisions/0008-preact-in-place-of-react-dom.md) does not share, patched as the
 * modules are loaded. Each patch names the exact text it replaces and stops the build when
 * that text is gone, so a Radix upgrade is looked at instead of silently losing the fix.
 */
interface Patch {
  /** The end of the module's path in node_modules. */
  module: string;
  why: string;
  replacements: { from: string; to: string }[];
  append?: string;
}

const PATCHES: Patch[] = [
  {
    module: '/@radix-ui/react-collection/dist/index.mjs',
    // A menu opened with the keyboard focuses its first item from a passive effect of the menu.
    // React runs a child's effects before its parent's, so the items are registered by then;
    // Preact may run the parent's first and find no items. Registering in a layout effect puts
    // the items in place before any passive effect runs.
    why: 'menu items must be registered before the menu focuses the first one',
    replacements: [
      {
        from: 'React.useEffect(() => {\n        context.itemMap.set(ref',
        to: 'React.useLayoutEffect(() => {\n        context.itemMap.set(ref',
      },
    ],
  },
  {
    module: '/@radix-ui/react-dismissable-layer/dist/index.mjs',
    // A layer (menu, popover) knows a press or focus is inside it from events bubbling up the
    // component tree, through portals. Preact's events follow the DOM only, so a press in a
    // sub-menu (its own portal) looked like a press outside the parent menu and closed it before
    // the item could be chosen. Layers opened above this one count as inside it, as React's
    // tree would have said for the nested layers this app draws.
    why: 'a press or focus in a nested layer must not dismiss the layers below it',
    replacements: [
      {
        from: 'const isPointerDownOnBranch = [...context.branches].some(',
        to: 'const isPointerDownOnBranch = [...context.branches, ...layersAboveOf(context.layers, node)].some(',
      },
      {
        from: '[context.branches, isPointerEventsEnabled]',
        to: '[context.branches, isPointerEventsEnabled, node]',
      },
      {
        from: 'const isFocusInBranch = [...context.branches].some(',
        to: 'const isFocusInBranch = [...context.branches, ...layersAboveOf(context.layers, node)].some(',
      },
    ],
    append:
      '\nfunction layersAboveOf(layers, node) {\n  const all = Array.from(layers);\n  return all.slice(all.indexOf(node) + 1);\n}\n',
  },
  {
    module: '/@radix-ui/react-tooltip/dist/index.mjs',
    // Opening a tooltip tells the others to close. React registers the new tooltip's listener
    // after the news is out; Preact may register it first, and the tooltip closed itself the
    // moment it opened. The news now says whose tooltip opened.
    why: 'a tooltip must not close on the news of its own opening',
    replacements: [
      {
        from: 'document.dispatchEvent(new CustomEvent(TOOLTIP_OPEN));',
        to: 'document.dispatchEvent(new CustomEvent(TOOLTIP_OPEN, { detail: trigger }));',
      },
      {
        from: 'document.addEventListener(TOOLTIP_OPEN, onClose);\n      return () => document.removeEventListener(TOOLTIP_OPEN, onClose);\n    }, [onClose]);',
        to: 'const closeForAnother = (event) => {\n        if (event.detail !== context.trigger) onClose();\n      };\n      document.addEventListener(TOOLTIP_OPEN, closeForAnother);\n      return () => document.removeEventListener(TOOLTIP_OPEN, closeForAnother);\n    }, [onClose, context.trigger]);',
      },
    ],
  },
];

/** Applies PATCHES to one module's code; exported for its test. */
export function patchRadixModule(id: string, code: string): string | null {
  const patch = PATCHES.find((candidate) => id.split('?')[0]!.endsWith(candidate.module));
  if (!patch) return null;
  let patched = code;
  for (const { from, to } of patch.replacements) {
    if (!patched.includes(from)) {
      throw new Error(
        `radix-on-preact: "${from}" is no longer in ${patch.module} (${patch.why}); check the new Radix version and update the patch`,
      );
    }
    patched = patched.replace(from, to);
  }
  return patched + (patch.append ?? '');
}

export function radixOnPreact(): Plugin {
  return {
    name: 'radix-on-preact',
    enforce: 'pre',
    transform(code, id) {
      const patched = patchRadixModule(id, code);
      return patched === null ? null : { code: patched, map: null };
    },
  };
}
