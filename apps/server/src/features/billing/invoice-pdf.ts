import {
  PageSizes,
  PDFDocument,
  StandardFonts,
  degrees,
  rgb,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { InvoiceDocument, InvoiceLine } from '@partner-portal/shared/billing';
import { CARD_BRAND_NAMES } from '@partner-portal/shared/card';
import type { Locale } from '@partner-portal/shared/constants';
import { formatBillingDay, formatMoney } from '@partner-portal/shared/money';
import { INVOICE_TEXT, type InvoiceText } from './invoice-text';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const RIGHT = PAGE_WIDTH - MARGIN;
const TOP = PAGE_HEIGHT - MARGIN;
// Content stops above the page number printed at the bottom of every page.
const BOTTOM = MARGIN + 24;

const DESCRIPTION_WIDTH = 250;
const QUANTITY_RIGHT = 345;
const UNIT_PRICE_RIGHT = 450;
const TOTALS_LEFT = 340;
const SELLER_LEFT = 340;
// A description longer than this many lines is cut so one row always fits on a page.
const MAX_DESCRIPTION_LINES = 8;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.82, 0.82, 0.85);
const STAMP = rgb(0.1, 0.55, 0.3);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface TextStyle {
  font?: PDFFont;
  size?: number;
  color?: ReturnType<typeof rgb>;
  align?: 'left' | 'right';
}

/** Draws top to bottom, adding a page when the next block would cross the bottom margin. */
class InvoiceCanvas {
  page: PDFPage;
  y = TOP;
  /** Runs at the top of every added page, e.g. to repeat the table header. */
  onNewPage: (() => void) | null = null;
  private readonly charset: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(PageSizes.A4);
    this.charset = new Set(fonts.regular.getCharacterSet());
  }

  /** Standard fonts only encode WinAnsi; Intl output may hold e.g. U+202F, which would throw. */
  clean(value: string): string {
    return Array.from(value, (char) => {
      if (this.charset.has(char.codePointAt(0) ?? 0)) return char;
      return /\s/u.test(char) ? ' ' : '?';
    }).join('');
  }

  reserve(height: number): void {
    if (this.y - height >= BOTTOM) return;
    this.page = this.doc.addPage(PageSizes.A4);
    this.y = TOP;
    this.onNewPage?.();
  }

  draw(value: string, x: number, style: TextStyle = {}): void {
    const font = style.font ?? this.fonts.regular;
    const size = style.size ?? 10;
    const text = this.clean(value);
    const left = style.align === 'right' ? x - font.widthOfTextAtSize(text, size) : x;
    this.page.drawText(text, { x: left, y: this.y, font, size, color: style.color ?? INK });
  }

  rule(from = MARGIN, to = RIGHT, color = RULE): void {
    this.page.drawLine({
      start: { x: from, y: this.y },
      end: { x: to, y: this.y },
      thickness: 0.75,
      color,
    });
  }

  /** Word-wraps to `width`, breaking words that are longer than a whole line. */
  wrap(value: string, width: number, font = this.fonts.regular, size = 10): string[] {
    const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(value).split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const char of word) {
        if (line && !fits(line + char)) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** The wrapped lines, cut to `maxLines` with an ellipsis on the last one kept. */
  clamp(value: string, width: number, maxLines: number, font = this.fonts.regular, size = 10) {
    const lines = this.wrap(value, width, font, size);
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1] ?? '';
    while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last}…`;
    return kept;
  }
}

interface Formatters {
  money: (cents: number) => string;
  date: (iso: string) => string;
}

function formattersFor(locale: Locale, currency: string): Formatters {
  return {
    money: (cents) => formatMoney(cents, currency, locale),
    date: (iso) => formatBillingDay(iso, locale),
  };
}

export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  locale: Locale,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(invoice.number);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const canvas = new InvoiceCanvas(doc, fonts);
  const text = INVOICE_TEXT[locale];
  const format = formattersFor(locale, invoice.currency);

  drawHeader(canvas, invoice, text, format);
  drawLines(canvas, invoice, text, format);
  drawTotals(canvas, invoice, text, format);
  drawPageNumbers(doc, fonts.regular);
  return doc.save();
}

function drawHeader(
  canvas: InvoiceCanvas,
  invoice: InvoiceDocument,
  text: InvoiceText,
  format: Formatters,
): void {
  const { regular, bold } = canvas.fonts;
  canvas.y -= 24;
  canvas.draw(text.title, MARGIN, { font: bold, size: 24 });

  const period = `${format.date(invoice.period.start)} – ${format.date(invoice.period.end)}`;
  const details: [string, string][] = [
    [text.number, invoice.number],
    [text.date, format.date(invoice.date)],
    [text.billingPeriod, period],
    [text.status, text.statuses[invoice.status]],
  ];
  const labelWidth = Math.max(
    ...details.map(([label]) => regular.widthOfTextAtSize(canvas.clean(label), 9)),
  );
  const valueLeft = MARGIN + labelWidth + 12;
  const valueWidth = SELLER_LEFT - 16 - valueLeft;
  canvas.y -= 30;
  for (const [label, value] of details) {
    canvas.draw(label, MARGIN, { size: 9, color: MUTED });
    canvas.draw(canvas.clamp(value, valueWidth, 1)[0] ?? '', valueLeft);
    canvas.y -= 15;
  }
  const detailsBottom = canvas.y;

  const sellerWidth = RIGHT - SELLER_LEFT;
  canvas.y = TOP - 12;
  canvas.draw(text.from, SELLER_LEFT, { size: 9, color: MUTED });
  canvas.y -= 15;
  canvas.draw(canvas.clamp(invoice.seller.name, sellerWidth, 1, bold, 11)[0] ?? '', SELLER_LEFT, {
    font: bold,
    size: 11,
  });
  for (const line of [...invoice.seller.address, invoice.seller.email]) {
    canvas.y -= 14;
    canvas.draw(canvas.clamp(line, sellerWidth, 1)[0] ?? '', SELLER_LEFT);
  }

  canvas.y = Math.min(detailsBottom, canvas.y - 15) - 15;
  const customerWidth = RIGHT - MARGIN;
  canvas.draw(text.billTo, MARGIN, { size: 9, color: MUTED });
  canvas.y -= 15;
  canvas.draw(canvas.clamp(invoice.customer.name, customerWidth, 1, bold, 11)[0] ?? '', MARGIN, {
    font: bold,
    size: 11,
  });
  canvas.y -= 14;
  canvas.draw(canvas.clamp(invoice.customer.email, customerWidth, 1)[0] ?? '', MARGIN);
  canvas.y -= 36;
}

function drawTableHeader(canvas: InvoiceCanvas, text: InvoiceText): void {
  const style = { font: canvas.fonts.bold, size: 9, color: MUTED };
  canvas.draw(text.description, MARGIN, style);
  canvas.draw(text.quantity, QUANTITY_RIGHT, { ...style, align: 'right' });
  canvas.draw(text.unitPrice, UNIT_PRICE_RIGHT, { ...style, align: 'right' });
  canvas.draw(text.amount, RIGHT, { ...style, align: 'right' });
  canvas.y -= 7;
  canvas.rule(MARGIN, RIGHT, MUTED);
  canvas.y -= 16;
}

function drawLines(
  canvas: InvoiceCanvas,
  invoice: InvoiceDocument,
  text: InvoiceText,
  format: Formatters,
): void {
  canvas.reserve(60);
  drawTableHeader(canvas, text);
  canvas.onNewPage = () => {
    canvas.y -= 10;
    canvas.draw(`${text.title} ${invoice.number}`, MARGIN, { size: 9, color: MUTED });
    canvas.y -= 30;
    drawTableHeader(canvas, text);
  };
  for (const line of invoice.lines) drawLine(canvas, line, text, format);
  canvas.onNewPage = null;
}

function drawLine(
  canvas: InvoiceCanvas,
  line: InvoiceLine,
  text: InvoiceText,
  format: Formatters,
): void {
  const description = canvas.clamp(line.description, DESCRIPTION_WIDTH, MAX_DESCRIPTION_LINES);
  const period = `${format.date(line.period.start)} – ${format.date(line.period.end)}`;
  const note = line.proration ? `${period} · ${text.proration}` : period;
  canvas.reserve(description.length * 13 + 26);

  canvas.draw(line.quantity.toString(), QUANTITY_RIGHT, { align: 'right' });
  canvas.draw(format.money(line.unit_amount), UNIT_PRICE_RIGHT, { align: 'right' });
  canvas.draw(format.money(line.amount), RIGHT, { align: 'right' });
  for (const [index, descriptionLine] of description.entries()) {
    if (index > 0) canvas.y -= 13;
    canvas.draw(descriptionLine, MARGIN);
  }
  canvas.y -= 12;
  canvas.draw(note, MARGIN, { size: 8, color: line.proration ? STAMP : MUTED });
  canvas.y -= 8;
  canvas.rule();
  canvas.y -= 16;
}

function drawTotals(
  canvas: InvoiceCanvas,
  invoice: InvoiceDocument,
  text: InvoiceText,
  format: Formatters,
): void {
  const { bold } = canvas.fonts;
  const paid = invoice.status === 'paid';
  canvas.reserve(paid ? 130 : 90);
  canvas.y -= 4;
  const totalsTop = canvas.y;
  canvas.draw(text.subtotal, TOTALS_LEFT);
  canvas.draw(format.money(invoice.subtotal), RIGHT, { align: 'right' });
  canvas.y -= 10;
  canvas.rule(TOTALS_LEFT);
  canvas.y -= 18;
  canvas.draw(text.total, TOTALS_LEFT, { font: bold, size: 12 });
  canvas.draw(format.money(invoice.total), RIGHT, { font: bold, size: 12, align: 'right' });

  if (paid) {
    drawPaidStamp(canvas, text.paidStamp, totalsTop + 12);
    if (invoice.card && invoice.paid_at) {
      const brand = CARD_BRAND_NAMES[invoice.card.brand] ?? text.genericCard;
      canvas.y -= 18;
      canvas.draw(text.paidOn(format.date(invoice.paid_at), brand, invoice.card.last4), RIGHT, {
        size: 9,
        color: MUTED,
        align: 'right',
      });
    }
  }

  canvas.y -= 40;
  canvas.draw(text.footer, MARGIN, { size: 10, color: MUTED });
}

/** A tilted, framed word in the free space left of the totals, its highest corner at `top`. */
function drawPaidStamp(canvas: InvoiceCanvas, label: string, top: number): void {
  const font = canvas.fonts.bold;
  const size = 26;
  const word = canvas.clean(label.toUpperCase());
  const padding = 8;
  const width = font.widthOfTextAtSize(word, size) + padding * 2;
  const height = font.heightAtSize(size, { descender: false }) + padding * 2;
  const angle = 12;
  const radians = (angle * Math.PI) / 180;
  const x = MARGIN + 30;
  const y = top - width * Math.sin(radians) - height * Math.cos(radians);
  canvas.page.drawRectangle({
    x,
    y,
    width,
    height,
    rotate: degrees(angle),
    borderColor: STAMP,
    borderWidth: 2.5,
    borderOpacity: 0.85,
  });
  // The text's origin is the box's inner corner, turned with the box around (x, y).
  canvas.page.drawText(word, {
    x: x + padding * Math.cos(radians) - padding * Math.sin(radians),
    y: y + padding * Math.sin(radians) + padding * Math.cos(radians),
    font,
    size,
    rotate: degrees(angle),
    color: STAMP,
    opacity: 0.85,
  });
}

function drawPageNumbers(doc: PDFDocument, font: PDFFont): void {
  const pages = doc.getPages();
  for (const [index, page] of pages.entries()) {
    const label = `${index + 1} / ${pages.length}`;
    page.drawText(label, {
      x: RIGHT - font.widthOfTextAtSize(label, 8),
      y: MARGIN,
      font,
      size: 8,
      color: MUTED,
    });
  }
}
