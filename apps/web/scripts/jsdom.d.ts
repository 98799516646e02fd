// The little of jsdom's API scripts/prerender.ts uses. Not @types/jsdom: Vitest's types import
// 'jsdom' where it is present, which would bring the DOM's types into the server's compile.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
