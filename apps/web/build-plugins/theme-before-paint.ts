import type { HtmlTagDescriptor, Plugin } from 'vite';
// By its path: Vite's config loader would leave a workspace package to Node, which cannot load .ts.
import { THEME_BOOT_SCRIPT } from '../../../packages/shared/src/first-paint.ts';

/**
 * Puts the dark-mode script (packages/shared/src/first-paint.ts) first in the app page's head,
 * inline so it runs before the first paint, also in every prerendered page made from it. The
 * server's Content-Security-Policy allows exactly this script by its hash. The workbook page
 * (embed.html) is left alone: the dashboard tells it the theme.
 */
export function themeBeforePaint(): Plugin {
  return {
    name: 'theme-before-paint',
    transformIndexHtml(_html, context): HtmlTagDescriptor[] {
      if (!context.filename.endsWith('index.html')) return [];
      return [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }];
    },
  };
}
