// The bad requests, as fast-check values (bench/abuse.ts).

import fc from 'fast-check';
import { XSRF } from './abuse-config';
import { type Sent } from './abuse-http';
import { type ApiRoute } from './api-routes';

// The bad requests, as fast-check values (route-independent; fields are picked by index).

/** Any code point, lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const unstorable = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF', '\uFFFE', '\u202E');
const hostileText = fc.oneof(
  anyText,
  fc.tuple(anyText, unstorable, anyText).map((parts) => parts.join('')),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'owner',
    'master',
    'x'.repeat(5_000),
    '0000-00-00',
    '9999-12-31',
    '2026-02-30',
    "a'b@example.test",
    'ａ＠example.test',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '../../../etc/passwd',
    '😀'.repeat(300),
    'NaN',
    '1e400',
  ),
);

/** Number literals JSON allows but code may not expect, and numbers sent as strings. */
const oddNumber = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '-0.0',
  '9007199254740993',
  '123456789012345678901234567890',
  '1.7976931348623157e309',
  '0.1',
  '-1',
  '2147483648',
  '"NaN"',
  '"Infinity"',
  '"-0"',
  '"1e400"',
  '"0x10"',
);

/** A JSON text of about `bytes` bytes: one string of a repeated character. */
function hugeString(bytes: number, character: string): string {
  const unit = JSON.stringify(character).slice(1, -1);
  return `"${unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit))))}"`;
}
const huge = fc
  .tuple(
    fc.constantFrom(16_384, 100_000, 500_000, 1_000_000, 1_048_000, 1_100_000),
    fc.constantFrom('x', 'é', '😀', '\u0000', '\uD800', '"'),
  )
  .map(([bytes, character]) => hugeString(bytes, character));

/** Arrays or objects 1,000 to 100,000 deep, closed or not. */
const deep = fc
  .tuple(
    fc.integer({ min: 1_000, max: 100_000 }),
    fc.constantFrom('array', 'object', 'mixed', 'unclosed'),
  )
  .map(([depth, shape]) => {
    if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    if (shape === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    if (shape === 'mixed') {
      const half = Math.floor(depth / 2);
      return '[{"a":'.repeat(half) + 'null' + '}]'.repeat(half);
    }
    return '['.repeat(depth);
  });

/** One field's value as JSON text, mostly of the wrong type. */
const valueText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileText.map((text) => JSON.stringify(text)), weight: 12 },
  {
    arbitrary: fc
      .constantFrom(true, false, null, 0, 1, -1, 1.5, [], {}, [null], { a: 1 })
      .map((value) => JSON.stringify(value)),
    weight: 8,
  },
  { arbitrary: oddNumber, weight: 6 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 6 },
  { arbitrary: fc.uuid().map((id) => JSON.stringify(id)), weight: 2 },
  {
    arbitrary: fc.array(hostileText, { maxLength: 4 }).map((list) => JSON.stringify(list)),
    weight: 1,
  },
  {
    arbitrary: fc
      .dictionary(hostileText, hostileText, { maxKeys: 3 })
      .map((object) => JSON.stringify(object)),
    weight: 1,
  },
  { arbitrary: huge, weight: 1 },
  { arbitrary: deep, weight: 1 },
);

/** A field of the route (its index, modulo the route's field count) or a made-up one. */
const fieldPick: fc.Arbitrary<number | string> = fc.oneof(
  { arbitrary: fc.nat(50), weight: 6 },
  {
    arbitrary: fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'extra',
        '',
        ' ',
        'id',
        'account_id',
        'plan',
        'verified',
        'permission',
        'a'.repeat(1_000),
      ),
      anyText,
    ),
    weight: 1,
  },
);

type BodyDraft =
  | { kind: 'fields'; entries: [number | string, string][] }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: readonly number[] }
  | { kind: 'none' };

const bytes = (text: string) => [...Buffer.from(text)];
const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'NaN',
    'undefined',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":-Infinity}',
    '{"a":01}',
    '{"a":.5}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '{"a" 1}',
    '{a:1}',
    '"unterminated',
    '\uFEFF{}',
    '{}{}',
    '{"a":1}garbage',
    'null',
    'true',
    '""',
    '0',
    '[]',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '//comment\n{}',
    '{"a":"\\ud800"}',
    '{"a":"\\udc00\\ud800"}',
    '{"a":"\\u0000"}',
    ' ',
    '\n\n',
  ),
  fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat()).map(([value, cut]) => {
    const text = JSON.stringify(value);
    return text.slice(0, cut % (text.length + 1));
  }),
  anyText,
);
const badBytes = fc.oneof(
  // Invalid UTF-8 inside a string: a lone surrogate as its raw UTF-8, 0xFF, an overlong '/', a
  // stray continuation byte.
  fc
    .constantFrom([0xed, 0xa0, 0x80], [0xff, 0xfe], [0xc0, 0xaf], [0x80], [0xf4, 0x90, 0x80, 0x80])
    .map((raw) => [...bytes('{"email":"a'), ...raw, ...bytes('b@example.test","name":"x"}')]),
  // Raw control characters JSON forbids inside strings.
  fc
    .constantFrom(0x00, 0x0a, 0x1b, 0x7f)
    .map((raw) => [...bytes('{"name":"x'), raw, ...bytes('y"}')]),
  fc.constant([...Buffer.from('{"name":"utf-16"}', 'utf16le')]),
  fc.constant([0xef, 0xbb, 0xbf, ...bytes('{"name":"bom"}')]),
  fc.uint8Array({ maxLength: 300 }).map((array) => [...array]),
);

const body: fc.Arbitrary<BodyDraft> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.tuple(fieldPick, valueText), { maxLength: 6 })
      .map((entries) => ({ kind: 'fields' as const, entries })),
    weight: 34,
  },
  { arbitrary: malformedJson.map((text) => ({ kind: 'text' as const, text })), weight: 12 },
  { arbitrary: badBytes.map((raw) => ({ kind: 'bytes' as const, bytes: raw })), weight: 6 },
  { arbitrary: huge.map((text) => ({ kind: 'text' as const, text })), weight: 1 },
  { arbitrary: deep.map((text) => ({ kind: 'text' as const, text })), weight: 5 },
  {
    arbitrary: fc
      .jsonValue({ maxDepth: 4 })
      .map((value) => ({ kind: 'text' as const, text: JSON.stringify(value) })),
    weight: 6,
  },
  { arbitrary: fc.constant({ kind: 'text' as const, text: '' }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 6 },
);

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 16 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/json, text/html',
      'application/vnd.api+json',
      'application/csp-report',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/octet-stream',
      '*/*',
      ';;;',
      'application/json; boundary="',
      'none',
    ),
    weight: 4,
  },
);

/** A long run of one character; now and then past the 16 KB Node allows a request head (431). */
const longRun = (character: string) =>
  fc
    .oneof(
      { arbitrary: fc.integer({ min: 100, max: 4_000 }), weight: 9 },
      { arbitrary: fc.integer({ min: 16_000, max: 30_000 }), weight: 1 },
    )
    .map((length) => character.repeat(length));

/** Path parameters: garbage ids (percent-encoded, lone surrogates as raw bytes). */
const pathParam = fc.oneof(
  fc.uuid(),
  hostileText,
  fc.constantFrom('', '0', '-1', '1e400', 'null', 'in_local_x', '..', '.', '%', '%zz', '%00'),
  longRun('a'),
);

const queryValue = fc.oneof(
  hostileText,
  oddNumber,
  fc.constantFrom(
    '2026-01-01',
    '2026-12-31',
    '9999-12-31',
    '0000-01-01',
    '2026-02-30',
    '2026-1-1',
    '1900-01-01',
    'campaign',
    'revenue',
    'desc',
    '-1',
    '0',
    '100000000',
  ),
  longRun('9'),
);
const query = fc.array(
  fc.tuple(
    fieldPick,
    queryValue,
    fc.constantFrom('plain', 'plain', 'plain', 'array', 'object', 'raw-percent', 'no-value'),
  ),
  { maxLength: 6 },
);

export interface Draft {
  body: BodyDraft;
  contentType: string;
  query: [number | string, string, string][];
  param: string;
  /** How an anonymous request presents itself. */
  anonymousAuth: string;
  xsrf: string;
  address: string;
  acceptLanguage: string;
  cookieNoise: string;
  chunked: boolean;
}

const address = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
      .map(([b, c, d]) => `10.${b}.${c}.${d}`),
    weight: 30,
  },
  {
    arbitrary: fc.constantFrom(
      'not-an-ip',
      '999.999.1.1',
      '::1',
      'fe80::1%eth0',
      '10.0.0.1, 10.0.0.2, 10.0.0.3',
      ',,,',
      '',
      'x'.repeat(2_000),
    ),
    weight: 1,
  },
);

export const draft: fc.Arbitrary<Draft> = fc.record({
  body,
  contentType,
  query,
  param: pathParam,
  anonymousAuth: fc.oneof(
    { arbitrary: fc.constant('none'), weight: 6 },
    {
      arbitrary: fc.constantFrom('garbage', 'tampered', 'huge', 'basic', 'embed', 'empty'),
      weight: 3,
    },
  ),
  xsrf: fc.oneof(
    { arbitrary: fc.constant('pair'), weight: 14 },
    { arbitrary: fc.constantFrom('none', 'mismatch', 'header-only', 'cookie-only'), weight: 6 },
  ),
  address,
  acceptLanguage: fc.oneof(
    { arbitrary: fc.constant(''), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        '*',
        'xx',
        'de',
        'en-US,en;q=0.9',
        'q=;;;',
        'a'.repeat(5_000),
        'zh-Hant-TW-x-private',
        ',,,',
        'en;q=abc',
        'fr;q=1e400',
        '\u00e9\u00ff',
      ),
      weight: 2,
    },
  ),
  cookieNoise: fc.oneof(
    { arbitrary: fc.constant(''), weight: 10 },
    {
      arbitrary: fc.constantFrom(
        'a=%E0%A4%A',
        'XSRF-TOKEN=other',
        '=;=;',
        `pp_device=${'x'.repeat(4_000)}`,
        'pp_device=a.b.c',
      ),
      weight: 1,
    },
  ),
  chunked: fc.oneof({ arbitrary: fc.constant(false), weight: 19 }, fc.constant(true)),
});

/** Percent-encodes any string, a lone surrogate as the raw bytes a hostile client would send. */
function percentEncode(value: string): string {
  return Array.from(value, (character) => {
    const code = character.charCodeAt(0);
    return character.length === 1 && code >= 0xd800 && code <= 0xdfff
      ? '%ED%A0%80'
      : encodeURIComponent(character);
  }).join('');
}

const pickField = (pick: number | string, fields: string[]) =>
  typeof pick === 'string' ? pick : fields.length > 0 ? fields[pick % fields.length]! : `f${pick}`;

const TEN_MB = Buffer.concat([
  Buffer.from('{"comment":"'),
  Buffer.alloc(10 * 1024 * 1024, 0x61),
  Buffer.from('"}'),
]);

export interface Identity {
  token: string;
  embedSession: string;
}

/** The HTTP request a draft makes of a route, signed in as the owner or not. */
export function requestFor(
  route: ApiRoute,
  value: Draft,
  signedIn: boolean,
  owner: Identity,
  tenMb: boolean,
): Sent {
  let path = route.url.replace(/:(\w+)/g, () => {
    const raw = value.param;
    return raw === '%' || raw === '%zz' || raw === '%00' ? raw : percentEncode(raw);
  });
  const takesQuery = route.method === 'GET' || route.queryFields.length > 0;
  const pairs = value.query
    .filter(() => takesQuery || value.query.length > 4)
    .map(([pick, text, form]) => {
      const key = percentEncode(pickField(pick, route.queryFields));
      const encoded = percentEncode(text);
      if (form === 'array') return `${key}=${encoded}&${key}=${encoded}`;
      if (form === 'object') return `${key}[a]=${encoded}`;
      if (form === 'raw-percent') return `${key}=%E0%A4${encoded}%`;
      if (form === 'no-value') return key;
      return `${key}=${encoded}`;
    });
  if (pairs.length > 0) path += `?${pairs.join('&')}`;

  const headers: Record<string, string> = {};
  // The owner's own sign-out would end the session every signed-in request uses: that route
  // gets a forged token instead.
  const asOwner = signedIn && !(route.method === 'DELETE' && route.url === '/api/auth');
  const xsrf = signedIn ? 'pair' : value.xsrf;
  if (asOwner) {
    headers.authorization =
      route.access === 'embed' ? `Embed ${owner.embedSession}` : `Bearer ${owner.token}`;
  } else {
    const auth = signedIn ? 'tampered' : value.anonymousAuth;
    const tampered = `${owner.token.slice(0, -2)}${owner.token.endsWith('AA') ? 'BB' : 'AA'}`;
    const forms: Record<string, string> = {
      garbage: 'Bearer a.b.c',
      tampered: route.access === 'embed' ? `Embed ${tampered}` : `Bearer ${tampered}`,
      huge: `Bearer ${'x'.repeat(9_000)}.y.z`,
      basic: 'Basic Zm9vOmJhcg==',
      embed: 'Embed a.b.c',
      empty: 'Bearer ',
    };
    const form = forms[auth];
    if (form !== undefined) headers.authorization = form;
  }
  const cookies: string[] = [];
  if (xsrf === 'pair' || xsrf === 'cookie-only') cookies.push(`XSRF-TOKEN=${XSRF}`);
  if (xsrf === 'mismatch') cookies.push('XSRF-TOKEN=something-else');
  if (xsrf === 'pair' || xsrf === 'header-only' || xsrf === 'mismatch') {
    headers['x-xsrf-token'] = XSRF;
  }
  if (value.cookieNoise) cookies.push(value.cookieNoise);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  headers['x-forwarded-for'] = value.address;
  if (value.acceptLanguage) headers['accept-language'] = value.acceptLanguage;

  let payload: Buffer | undefined;
  if (tenMb) payload = TEN_MB;
  else if (value.body.kind === 'fields') {
    const entries = value.body.entries.map(
      ([pick, text]) => `${JSON.stringify(pickField(pick, route.bodyFields))}:${text}`,
    );
    payload = Buffer.from(`{${entries.join(',')}}`);
  } else if (value.body.kind === 'text') payload = Buffer.from(value.body.text);
  else if (value.body.kind === 'bytes') payload = Buffer.from(value.body.bytes);
  if (payload !== undefined || value.body.kind === 'text') {
    if (value.contentType !== 'none') {
      headers['content-type'] = tenMb ? 'application/json' : value.contentType;
    }
  }
  return {
    method: route.method,
    path,
    headers,
    ...(payload ? { body: payload } : {}),
    chunked: value.chunked && !tenMb,
  };
}
