import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import type { InvoiceDocument, InvoiceLine } from '@partner-portal/shared/billing';
import { renderInvoicePdf } from './invoice-pdf';

const MARCH = { start: '2024-03-01T00:00:00Z', end: '2024-03-31T00:00:00Z' };

function line(overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    description: 'Pro plan',
    quantity: 1,
    unit_amount: 100_000,
    amount: 100_000,
    period: MARCH,
    proration: false,
    ...overrides,
  };
}

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    id: 'in_1',
    number: 'INV-2024-0042',
    date: '2024-03-05T10:00:00Z',
    status: 'paid',
    total: 123_454,
    currency: 'usd',
    pdf_url: null,
    seller: {
      name: 'Partner Portal Inc.',
      address: ['1 Market Street', 'San Francisco, CA 94105'],
      email: 'billing@partner-portal.test',
    },
    customer: { name: 'Analytical Engines Ltd', email: 'ada@engines.test' },
    period: MARCH,
    lines: [
      line(),
      line({
        description: 'Extra seats (remaining time)',
        quantity: 3,
        unit_amount: 7_818,
        amount: 23_454,
        proration: true,
      }),
    ],
    subtotal: 123_454,
    paid_at: '2024-03-05T10:05:00Z',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    ...overrides,
  };
}

// Node 20's TextDecoder reads 'windows-1252' as Latin-1, so the bytes WinAnsi moves are mapped here.
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeWinAnsi(hex: string): string {
  let text = '';
  for (let index = 0; index < hex.length; index += 2) {
    const byte = Number.parseInt(hex.slice(index, index + 2), 16);
    text += WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte);
  }
  return text;
}

function contentStreams(doc: PDFDocument, page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (!contents) return [];
  const items = contents instanceof PDFArray ? contents.asArray() : [contents];
  return items
    .map((item) => doc.context.lookup(item))
    .filter((stream) => stream instanceof PDFRawStream);
}

interface ReadBack {
  doc: PDFDocument;
  /** Every string drawn with `Tj`, in order, with all kinds of spaces as plain spaces. */
  strings: string[];
}

async function readBack(bytes: Uint8Array): Promise<ReadBack> {
  const doc = await PDFDocument.load(bytes);
  const strings: string[] = [];
  for (const page of doc.getPages()) {
    for (const stream of contentStreams(doc, page)) {
      const flate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      const content = Buffer.from(flate ? inflateSync(stream.contents) : stream.contents);
      for (const match of content.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        strings.push(plainSpaces(decodeWinAnsi(match[1] ?? '')));
      }
    }
  }
  return { doc, strings };
}

/** Intl separates with U+00A0 or U+202F; the expectations below are typed with plain spaces. */
function plainSpaces(value: string): string {
  return value.replace(/\s/gu, ' ');
}

describe('renderInvoicePdf', () => {
  it('writes a PDF whose title metadata is the invoice number', async () => {
    const bytes = await renderInvoicePdf(invoice(), 'en');
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { doc } = await readBack(bytes);
    expect(doc.getTitle()).toBe('INV-2024-0042');
    expect(doc.getPageCount()).toBe(1);
  });

  it('prints a paid invoice in English', async () => {
    const { strings } = await readBack(await renderInvoicePdf(invoice(), 'en'));
    expect(strings).toEqual(
      expect.arrayContaining([
        'Invoice',
        'INV-2024-0042',
        'Analytical Engines Ltd',
        'Partner Portal Inc.',
        'San Francisco, CA 94105',
        'Mar 5, 2024',
        'Mar 1, 2024 – Mar 31, 2024',
        '$1,234.54',
        '$78.18',
        'Extra seats (remaining time)',
        'Mar 1, 2024 – Mar 31, 2024 · Proration',
        'PAID',
        'Paid on Mar 5, 2024 with Visa •••• 4242',
        'Thank you for your business.',
      ]),
    );
  });

  it('prints a paid invoice in Spanish', async () => {
    const { strings } = await readBack(await renderInvoicePdf(invoice(), 'es'));
    expect(strings).toEqual(
      expect.arrayContaining([
        'Factura',
        'Número de factura',
        'INV-2024-0042',
        'Analytical Engines Ltd',
        '5 mar 2024',
        '1234,54 US$',
        'Descripción',
        '1 mar 2024 – 31 mar 2024 · Prorrateo',
        'PAGADA',
        'Pagada el 5 mar 2024 con Visa •••• 4242',
      ]),
    );
  });

  it('stamps only paid invoices, and says "paid on" only with a card and a payment date', async () => {
    const open = await readBack(
      await renderInvoicePdf(invoice({ status: 'open', paid_at: null }), 'en'),
    );
    expect(open.strings).toContain('Open');
    expect(open.strings).not.toContain('PAID');
    expect(open.strings.some((value) => value.startsWith('Paid on'))).toBe(false);

    const noCard = await readBack(await renderInvoicePdf(invoice({ card: null }), 'en'));
    expect(noCard.strings).toContain('PAID');
    expect(noCard.strings.some((value) => value.startsWith('Paid on'))).toBe(false);
  });

  it('formats euro amounts in both locales', async () => {
    const euro = invoice({ currency: 'eur' });
    const spanish = await readBack(await renderInvoicePdf(euro, 'es'));
    expect(spanish.strings).toContain('1234,54 €');
    expect(spanish.strings).toContain('78,18 €');
    const english = await readBack(await renderInvoicePdf(euro, 'en'));
    expect(english.strings).toContain('€1,234.54');
  });

  it('flows 60 lines onto further pages without losing any', async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line({ description: `Usage item ${index + 1}`, amount: 100, unit_amount: 100 }),
    );
    const { doc, strings } = await readBack(await renderInvoicePdf(invoice({ lines }), 'en'));
    expect(doc.getPageCount()).toBeGreaterThan(1);
    for (let index = 1; index <= 60; index += 1) expect(strings).toContain(`Usage item ${index}`);
    expect(strings).toContain('$1,234.54');
    expect(strings).toContain(`${doc.getPageCount()} / ${doc.getPageCount()}`);
  });

  it('wraps and cuts a 500-character description instead of running off the page', async () => {
    const words = 'Consulting hours for the quarterly integration review '.repeat(10).slice(0, 500);
    const unbroken = 'x'.repeat(500);
    const lines = [line({ description: words }), line({ description: unbroken })];
    const { strings } = await readBack(await renderInvoicePdf(invoice({ lines }), 'en'));
    expect(strings.some((value) => value.startsWith('Consulting hours'))).toBe(true);
    expect(strings.some((value) => value.startsWith('xxxx'))).toBe(true);
    expect(strings.every((value) => value.length < 80)).toBe(true);
    expect(strings.some((value) => value.endsWith('…'))).toBe(true);
  });

  it('replaces characters the standard fonts cannot encode', async () => {
    const bytes = await renderInvoicePdf(
      invoice({ customer: { name: 'Ada\u202FLovelace 株式会社', email: 'ada@engines.test' } }),
      'en',
    );
    const { strings } = await readBack(bytes);
    expect(strings).toContain('Ada Lovelace ????');
  });
});
