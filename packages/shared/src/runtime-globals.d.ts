// Shared code runs in browsers and in Node, which both provide the WHATWG URL class. Only the
// part shared code uses is declared, so neither DOM nor Node typings leak into this package.
declare class URL {
  constructor(input: string, base?: string);
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

// Both also provide TextEncoder, which measures a text's UTF-8 length.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
