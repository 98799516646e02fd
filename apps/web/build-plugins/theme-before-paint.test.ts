import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { THEME_BOOT_SCRIPT } from '@partner-portal/shared/first-paint';
import { themeBeforePaint } from './theme-before-paint';

type Transform = (html: string, context: IndexHtmlTransformContext) => unknown;

function transformFor(filename: string): unknown {
  const hook = themeBeforePaint().transformIndexHtml as Transform;
  return hook('<html></html>', { filename, path: '/', server: undefined } as never);
}

describe('theme-before-paint', () => {
  it("puts the theme script first in the app page's head", () => {
    expect(transformFor('/repo/apps/web/index.html')).toEqual([
      { tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' },
    ]);
  });

  it('leaves the workbook page alone', () => {
    expect(transformFor('/repo/apps/web/embed.html')).toEqual([]);
  });
});
