import type { Locale } from '@partner-portal/shared/constants';
import {
  DIGEST_CSV_MAX_ROWS,
  DIGEST_TOP_ROWS,
  type DigestFrequency,
} from '@partner-portal/shared/digests';
import type { KpisResponse, ReportMetric, ReportRecord } from '@partner-portal/shared/report-data';
import {
  formatCount,
  formatMoney,
  formatPercent,
  percentChange,
} from '@partner-portal/shared/report-format';
import { toCsv } from '../../lib/csv';
import type { RenderedMail } from '../../lib/mail/mail-templates';
import { DIGEST_TEXT_EN, type DigestText } from './digest-text-en';
import { DIGEST_TEXT_ES } from './digest-text-es';

/*
 * The report digest mail: a user's dashboard for a period, as the tiles show it. The figures go
 * through report-format.ts, so they read exactly like the dashboard. The HTML is tables and
 * inline styles only (what every mail client renders), holds no images, sets its colours on
 * every cell so clients that invert colours keep it legible, and turns dark itself where the
 * client honours `prefers-color-scheme`.
 */

export interface DigestContent {
  locale: Locale;
  /** First name. */
  recipientName: string;
  accountName: string;
  frequency: DigestFrequency;
  /** YYYY-MM-DD, both days included. */
  period: { from: string; to: string };
  kpis: KpisResponse;
  /** Top rows by revenue: advertisers for a partner's digest, the advertiser's own campaigns for an advertiser's. */
  top: {
    dimension: 'advertiser' | 'campaign';
    rows: { key: string; revenue: number; conversions: number; clicks: number }[];
  };
  /** Plus users only: the margin (revenue − payout) headline for the period vs previous, or null. */
  plusHeadline: { margin: number; previousMargin: number } | null;
  dashboardUrl: string;
  unsubscribeUrl: string;
  /** The period's rows travel as a CSV attachment; `truncated`: only the first DIGEST_CSV_MAX_ROWS. */
  attachment?: { truncated: boolean } | null;
  /** Plus AI: the period's top insights in the recipient's language; absent without the plan. */
  insights?: { sentence: string; good: boolean | null }[] | null;
}

const TEXT: Record<Locale, DigestText> = { en: DIGEST_TEXT_EN, es: DIGEST_TEXT_ES };

const BRAND = 'Partner Portal';

// ---------------------------------------------------------------------------------------------
// Figures

type Tone = 'up' | 'down' | 'neutral';

/** A change as the tiles show it: arrow, signed percent and colour; no percent without a base. */
interface Change {
  arrow: '▲' | '▼' | '';
  percent: string | null;
  tone: Tone;
}

function describeChange(locale: Locale, ratio: number | null, costly = false): Change {
  if (ratio === null) return { arrow: '', percent: null, tone: 'neutral' };
  const percent = formatPercent(locale, ratio);
  if (ratio === 0) return { arrow: '', percent, tone: 'neutral' };
  const rose = ratio > 0;
  // A higher payout is money paid out: the arrow still says where it went, the colour stays calm.
  const tone: Tone = costly ? 'neutral' : rose ? 'up' : 'down';
  return { arrow: rose ? '▲' : '▼', percent, tone };
}

/** The margin can be negative: a loss shrinking is a rise, so compare against its size. */
function marginChange(margin: number, previousMargin: number): number | null {
  const ratio = percentChange(margin, previousMargin);
  return ratio === null ? null : previousMargin < 0 ? -ratio : ratio;
}

const isMoney = (metric: ReportMetric) => metric === 'revenue' || metric === 'payout';

function formatMetric(locale: Locale, metric: ReportMetric, value: number): string {
  return isMoney(metric) ? formatMoney(locale, value) : formatCount(locale, value);
}

function changeText(text: DigestText, change: Change): string {
  if (change.percent === null) return text.noPrevious;
  return change.arrow ? `${change.arrow} ${change.percent}` : change.percent;
}

// ---------------------------------------------------------------------------------------------
// Periods

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(value: string): number | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : time;
}

/**
 * A period in words, in the recipient's language: "Monday, Nov 16, 2026" for one day,
 * "November 2026" for a whole calendar month, else "Nov 16 – 22, 2026". The days are calendar
 * days, so they are formatted in UTC, never shifted by the server's time zone.
 */
export function formatPeriod(locale: Locale, from: string, to: string): string {
  const start = utcDay(from);
  const end = utcDay(to);
  if (start === null || end === null) return from === to ? from : `${from} – ${to}`;
  const [first, last] = start <= end ? [start, end] : [end, start];
  const date = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  if (first === last) {
    return date({ weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' }).format(first);
  }
  const a = new Date(first);
  const b = new Date(last);
  const nextDay = new Date(last + 86_400_000);
  const wholeMonth =
    a.getUTCDate() === 1 &&
    nextDay.getUTCDate() === 1 &&
    a.getUTCMonth() === b.getUTCMonth() &&
    a.getUTCFullYear() === b.getUTCFullYear();
  if (wholeMonth) return date({ month: 'long', year: 'numeric' }).format(first);
  return date({ month: 'short', day: 'numeric', year: 'numeric' }).formatRange(first, last);
}

/** A period on a line of its own starts with a capital ("octubre de 2026" → "Octubre de 2026"). */
const capitalised = (value: string) => value.charAt(0).toLocaleUpperCase() + value.slice(1);

// ---------------------------------------------------------------------------------------------
// The parts both bodies show, worked out once

interface Tile {
  label: string;
  value: string;
  change: Change;
}

interface TopRow {
  name: string;
  revenue: string;
  conversions: string;
  clicks: string;
}

interface Digest {
  locale: Locale;
  text: DigestText;
  subject: string;
  heading: string;
  account: string;
  period: string;
  greeting: string;
  intro: string;
  /** Revenue first (the headline), then the other four in the dashboard's order. */
  tiles: Tile[];
  plus: { value: string; change: Change } | null;
  insights: { sentence: string; tone: Tone }[];
  topHeading: string;
  topColumn: string;
  topRows: TopRow[];
  topEmpty: string;
  dashboardUrl: string;
  unsubscribeUrl: string;
  footer: string;
  /** The line about the CSV attachment, or null without one. */
  attachment: string | null;
  preheader: string;
}

const TILE_ORDER: readonly ReportMetric[] = [
  'revenue',
  'impressions',
  'clicks',
  'conversions',
  'payout',
];

function digestOf(content: DigestContent): Digest {
  const { locale, kpis } = content;
  const text = TEXT[locale];
  const period = formatPeriod(locale, content.period.from, content.period.to);
  const previous = formatPeriod(locale, kpis.previous_range.from, kpis.previous_range.to);
  const tiles = TILE_ORDER.map((metric) => ({
    label: text.metrics[metric],
    value: formatMetric(locale, metric, kpis.current[metric]),
    change: describeChange(
      locale,
      percentChange(kpis.current[metric], kpis.previous[metric]),
      metric === 'payout',
    ),
  }));
  const revenue = tiles[0]!;
  const subject = text
    .subject({
      frequency: text.frequency[content.frequency],
      account: content.accountName,
      revenue: revenue.value,
      change: revenue.change.percent,
    })
    // A name is user data: it must never break the subject header onto a second line.
    .replace(/[\r\n\t]+/g, ' ');
  const headline = content.plusHeadline;
  const metric = (name: ReportMetric) => tiles[TILE_ORDER.indexOf(name)]!;
  return {
    locale,
    text,
    subject,
    heading: text.heading[content.frequency],
    account: content.accountName,
    period: capitalised(period),
    greeting: text.greeting(content.recipientName.trim()),
    intro: text.intro(previous),
    tiles,
    plus: headline && {
      value: formatMoney(locale, headline.margin),
      change: describeChange(locale, marginChange(headline.margin, headline.previousMargin)),
    },
    insights: (content.insights ?? []).map((insight) => ({
      sentence: insight.sentence,
      tone: insight.good === null ? 'neutral' : insight.good ? 'up' : 'down',
    })),
    topHeading: text.topHeading[content.top.dimension],
    topColumn: text.topColumn[content.top.dimension],
    topRows: content.top.rows.slice(0, DIGEST_TOP_ROWS).map((row) => ({
      name: row.key.trim() || text.unnamed,
      revenue: formatMoney(locale, row.revenue),
      conversions: formatCount(locale, row.conversions),
      clicks: formatCount(locale, row.clicks),
    })),
    topEmpty: text.topEmpty[content.top.dimension],
    dashboardUrl: content.dashboardUrl,
    unsubscribeUrl: content.unsubscribeUrl,
    footer: text.footer({
      account: content.accountName,
      schedule: text.schedule[content.frequency],
    }),
    attachment: content.attachment
      ? text.attachment({
          truncated: content.attachment.truncated,
          max: formatCount(locale, DIGEST_CSV_MAX_ROWS),
        })
      : null,
    preheader: [
      capitalised(period),
      `${revenue.label} ${revenue.value}${revenue.change.percent ? ` (${revenue.change.percent})` : ''}`,
      `${metric('conversions').label} ${metric('conversions').value}`,
      `${metric('clicks').label} ${metric('clicks').value}`,
    ].join(' · '),
  };
}

// ---------------------------------------------------------------------------------------------
// Plain text

function renderText(d: Digest): string {
  const { text } = d;
  const labelWidth = Math.max(...d.tiles.map((tile) => tile.label.length)) + 3;
  const valueWidth = Math.max(...d.tiles.map((tile) => tile.value.length)) + 3;
  const kpiLines = d.tiles.map(
    (tile) =>
      `${tile.label.padEnd(labelWidth)}${tile.value.padEnd(valueWidth)}${changeText(text, tile.change)}`,
  );
  const plusLines = d.plus
    ? [
        `${text.plusBadge} · ${text.marginLabel}: ${d.plus.value}   ${changeText(text, d.plus.change)}`,
        '',
      ]
    : [];
  const insightLines = d.insights.length
    ? [text.insightsHeading, ...d.insights.map((insight) => `- ${insight.sentence}`), '']
    : [];
  const topLines = d.topRows.length
    ? d.topRows.flatMap((row, index) => [
        `${index + 1}. ${row.name}`,
        `   ${text.metrics.revenue} ${row.revenue} · ${text.metrics.conversions} ${row.conversions} · ${text.metrics.clicks} ${row.clicks}`,
      ])
    : [d.topEmpty];
  return [
    `${d.heading}: ${d.account}`,
    d.period,
    '',
    d.greeting,
    d.intro,
    '',
    ...kpiLines,
    '',
    ...plusLines,
    ...insightLines,
    d.topHeading,
    ...topLines,
    '',
    `${text.action}: ${d.dashboardUrl}`,
    '',
    ...(d.attachment ? [d.attachment, ''] : []),
    '—',
    d.footer,
    `${text.unsubscribe}: ${d.unsubscribeUrl}`,
    BRAND,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// HTML

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Surface = 'page' | 'card' | 'tile' | 'plus' | 'button';
type Ink = 'text' | 'muted' | 'up' | 'down' | 'neutral' | 'link' | 'onButton';

interface Palette {
  surface: Record<Surface, string>;
  ink: Record<Ink, string>;
  border: string;
}

/** Colours set on every cell, so a client that inverts them has something definite to invert. */
const LIGHT: Palette = {
  surface: {
    page: '#f3f4f6',
    card: '#ffffff',
    tile: '#f9fafb',
    plus: '#eef2ff',
    button: '#4f46e5',
  },
  ink: {
    text: '#111827',
    muted: '#4b5563',
    up: '#047857',
    down: '#b91c1c',
    neutral: '#4b5563',
    link: '#4338ca',
    onButton: '#ffffff',
  },
  border: '#e5e7eb',
};

/** What clients that honour `prefers-color-scheme` (Apple Mail, Outlook for Mac) show instead. */
const DARK: Palette = {
  surface: {
    page: '#0b1120',
    card: '#111827',
    tile: '#1f2937',
    plus: '#1e1b4b',
    button: '#4f46e5',
  },
  ink: {
    text: '#f9fafb',
    muted: '#d1d5db',
    up: '#34d399',
    down: '#f87171',
    neutral: '#d1d5db',
    link: '#a5b4fc',
    onButton: '#ffffff',
  },
  border: '#374151',
};

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function darkStyles(): string {
  const surfaces = (Object.keys(DARK.surface) as Surface[]).map(
    (name) => `.s-${name}{background-color:${DARK.surface[name]} !important}`,
  );
  const inks = (Object.keys(DARK.ink) as Ink[]).map(
    (name) => `.i-${name}{color:${DARK.ink[name]} !important}`,
  );
  return [
    ':root{color-scheme:light dark;supported-color-schemes:light dark}',
    // Phones: the KPI pairs stack (a long amount keeps to one line) and the sides narrow.
    '@media (max-width:360px){.dg-wide{display:none !important}}',
    '@media (max-width:420px){.dg-half{display:block !important;width:100% !important;box-sizing:border-box}.dg-side{padding-left:16px !important;padding-right:16px !important}.dg-kpis{padding-left:10px !important;padding-right:10px !important}.dg-hero{font-size:26px !important;line-height:32px !important}}',
    `@media (prefers-color-scheme:dark){${[...surfaces, ...inks, `.b-line{border-color:${DARK.border} !important}`].join('')}}`,
  ].join('\n');
}

/** A cell's attributes: its background and text colour both set, in light and (by class) dark. */
function paint(surface: Surface, ink: Ink, style = '', extra: readonly string[] = []): string {
  const classes = [`s-${surface}`, `i-${ink}`, ...extra].join(' ');
  const css = `background-color:${LIGHT.surface[surface]};color:${LIGHT.ink[ink]};${FONT};${style}`;
  return `class="${classes}" bgcolor="${LIGHT.surface[surface]}" style="${css}"`;
}

/** Text of its own colour inside a painted cell. */
function inked(ink: Ink, html: string, style = ''): string {
  return `<span class="i-${ink}" style="color:${LIGHT.ink[ink]};${style}">${html}</span>`;
}

const BORDERED = ['b-line'];
/** Cells with the card's side padding, which narrows on a phone. */
const SIDE = ['dg-side'];

const LAYOUT = 'role="presentation" cellpadding="0" cellspacing="0" border="0"';
const FULL_WIDTH = 'width="100%" style="width:100%;border-collapse:separate"';

function changeHtml(text: DigestText, change: Change): string {
  if (change.percent === null) return inked('muted', escapeHtml(text.noPrevious));
  const arrow = change.arrow ? `<span aria-hidden="true">${change.arrow}</span>&nbsp;` : '';
  return inked(change.tone, `${arrow}${escapeHtml(change.percent)}`, 'font-weight:600');
}

function tileHtml(text: DigestText, tile: Tile, hero: boolean): string {
  const valueSize = hero ? 30 : 20;
  return `<table ${LAYOUT} ${FULL_WIDTH}><tr><td ${paint(
    'tile',
    'text',
    `padding:${hero ? '18px 20px' : '14px 16px'};border:1px solid ${LIGHT.border};border-radius:8px`,
    BORDERED,
  )}>
<div ${paint('tile', 'muted', 'font-size:13px;line-height:18px')}>${escapeHtml(tile.label)}</div>
<div ${paint('tile', 'text', `font-size:${valueSize}px;line-height:${valueSize + 8}px;font-weight:700;overflow-wrap:anywhere;word-break:break-word`, hero ? ['dg-hero'] : [])}>${escapeHtml(tile.value)}</div>
<div ${paint('tile', 'muted', 'font-size:13px;line-height:18px')}>${changeHtml(text, tile.change)}</div>
</td></tr></table>`;
}

function kpisHtml(d: Digest): string {
  const [hero, ...rest] = d.tiles;
  const cell = (tile: Tile, colspan = 1) =>
    `<td ${colspan > 1 ? `colspan="${colspan}"` : 'width="50%"'} valign="top" ${paint('card', 'text', `padding:6px;${colspan > 1 ? '' : 'width:50%'}`, colspan > 1 ? [] : ['dg-half'])}>${tileHtml(d.text, tile, colspan > 1)}</td>`;
  const rows = [`<tr>${cell(hero!, 2)}</tr>`];
  for (let i = 0; i < rest.length; i += 2) {
    const pair = rest.slice(i, i + 2);
    rows.push(
      `<tr>${pair.length === 2 ? pair.map((tile) => cell(tile)).join('') : cell(pair[0]!, 2)}</tr>`,
    );
  }
  return `<table ${LAYOUT} ${FULL_WIDTH}>${rows.join('\n')}</table>`;
}

function plusHtml(d: Digest): string {
  if (!d.plus) return '';
  const { text } = d;
  return `<tr><td ${paint('card', 'text', 'padding:12px 24px 0', SIDE)}>
<table ${LAYOUT} ${FULL_WIDTH}><tr><td ${paint('plus', 'text', `padding:14px 16px;border:1px solid ${LIGHT.border};border-radius:8px`, BORDERED)}>
<div ${paint('plus', 'muted', 'font-size:13px;line-height:18px')}>${inked('link', escapeHtml(text.plusBadge), 'font-weight:700')} · ${escapeHtml(text.marginLabel)}</div>
<div ${paint('plus', 'text', 'font-size:20px;line-height:28px;font-weight:700;overflow-wrap:anywhere')}>${escapeHtml(d.plus.value)}</div>
<div ${paint('plus', 'muted', 'font-size:13px;line-height:18px')}>${changeHtml(text, d.plus.change)}</div>
</td></tr></table>
</td></tr>`;
}

function insightsHtml(d: Digest): string {
  if (d.insights.length === 0) return '';
  const marker: Record<Tone, string> = { up: '▲', down: '▼', neutral: '•' };
  const items = d.insights.map(
    (insight) =>
      `<tr><td valign="top" ${paint('card', insight.tone, 'padding:4px 8px 4px 0;font-size:12px;line-height:20px')}>${marker[insight.tone]}</td><td ${paint('card', 'text', 'padding:4px 0;font-size:14px;line-height:20px;overflow-wrap:anywhere')}>${escapeHtml(insight.sentence)}</td></tr>`,
  );
  return `<tr><td ${paint('card', 'text', 'padding:24px 24px 8px;font-size:16px;line-height:22px;font-weight:700', SIDE)}>${escapeHtml(d.text.insightsHeading)}</td></tr>
<tr><td ${paint('card', 'text', 'padding:0 24px', SIDE)}><table ${LAYOUT} ${FULL_WIDTH}>${items.join('')}</table></td></tr>`;
}

function topHtml(d: Digest): string {
  const { text } = d;
  const heading = `<tr><td ${paint('card', 'text', 'padding:24px 24px 8px;font-size:16px;line-height:22px;font-weight:700', SIDE)}>${escapeHtml(d.topHeading)}</td></tr>`;
  if (d.topRows.length === 0) {
    return `${heading}<tr><td ${paint('card', 'muted', 'padding:0 24px;font-size:14px;line-height:20px', SIDE)}>${escapeHtml(d.topEmpty)}</td></tr>`;
  }
  const border = `border-bottom:1px solid ${LIGHT.border}`;
  // The clicks column (`dg-wide`) gives way on the narrowest phones: four columns of figures do
  // not fit 320 px, and the clicks are in the tiles above.
  const th = (label: string, align: 'left' | 'right', classes: string[] = []) =>
    `<th scope="col" align="${align}" ${paint('card', 'muted', `padding:6px 4px;font-size:12px;line-height:16px;font-weight:600;text-align:${align};${border}`, [...BORDERED, ...classes])}>${escapeHtml(label)}</th>`;
  const td = (value: string, align: 'left' | 'right', extra = '', classes: string[] = []) =>
    `<td align="${align}" valign="top" ${paint('card', 'text', `padding:8px 4px;font-size:14px;line-height:20px;text-align:${align};${border};${extra}`, [...BORDERED, ...classes])}>${escapeHtml(value)}</td>`;
  const rows = d.topRows.map(
    (row) =>
      `<tr>${td(row.name, 'left', 'overflow-wrap:anywhere;word-break:break-word')}${td(row.revenue, 'right', 'white-space:nowrap;font-weight:600')}${td(row.conversions, 'right', 'white-space:nowrap')}${td(row.clicks, 'right', 'white-space:nowrap', ['dg-wide'])}</tr>`,
  );
  return `${heading}<tr><td ${paint('card', 'text', 'padding:0 24px', SIDE)}>
<table cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%;border-collapse:collapse">
<thead><tr>${th(d.topColumn, 'left')}${th(text.metrics.revenue, 'right')}${th(text.metrics.conversions, 'right')}${th(text.metrics.clicks, 'right', ['dg-wide'])}</tr></thead>
<tbody>${rows.join('\n')}</tbody>
</table>
</td></tr>`;
}

function buttonHtml(d: Digest): string {
  const href = escapeHtml(d.dashboardUrl);
  return `<tr><td align="center" ${paint('card', 'text', 'padding:28px 24px 8px', SIDE)}>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td align="center" ${paint('button', 'onButton', 'border-radius:6px')}>
<a href="${href}" target="_blank" class="i-onButton" style="display:inline-block;padding:12px 22px;${FONT};font-size:16px;line-height:20px;font-weight:600;color:${LIGHT.ink.onButton};background-color:${LIGHT.surface.button};border-radius:6px;text-decoration:none">${escapeHtml(d.text.action)}</a>
</td></tr></table>
</td></tr>`;
}

function renderHtml(d: Digest): string {
  const { text } = d;
  // Clients show the start of the body next to the subject: this line, then blank padding so
  // the greeting does not trail after it.
  const preheader = `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${LIGHT.surface.page}">${escapeHtml(d.preheader)}${'&#8199;&#847;'.repeat(60)}</div>`;
  return `<!doctype html>
<html lang="${d.locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(d.subject)}</title>
<style>
${darkStyles()}
</style>
</head>
<body class="s-page i-text" style="margin:0;padding:0;width:100%;background-color:${LIGHT.surface.page};color:${LIGHT.ink.text}">
${preheader}
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(d.subject)}" lang="${d.locale}" dir="ltr">
<table ${LAYOUT} width="100%" style="width:100%"><tr><td align="center" ${paint('page', 'text', 'padding:24px 8px')}>
<!--[if mso]><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="600" align="center"><tr><td><![endif]-->
<table ${LAYOUT} width="100%" align="center" style="width:100%;max-width:600px;margin:0 auto">
<tr><td ${paint('page', 'muted', 'padding:0 8px 12px;font-size:14px;line-height:20px;font-weight:700;letter-spacing:0.02em')}>${escapeHtml(BRAND)}</td></tr>
<tr><td ${paint('card', 'text', `padding:0;border:1px solid ${LIGHT.border};border-radius:10px`, BORDERED)}>
<table ${LAYOUT} ${FULL_WIDTH}>
<tr><td ${paint('card', 'muted', 'padding:28px 24px 0;font-size:13px;line-height:18px;font-weight:600;text-transform:uppercase;letter-spacing:0.06em', SIDE)}>${escapeHtml(d.heading)}</td></tr>
<tr><td ${paint('card', 'text', 'padding:4px 24px 0;font-size:24px;line-height:30px;font-weight:700;overflow-wrap:anywhere;word-break:break-word', SIDE)}><h1 class="i-text" style="margin:0;font-size:24px;line-height:30px;font-weight:700;color:${LIGHT.ink.text}">${escapeHtml(d.account)}</h1></td></tr>
<tr><td ${paint('card', 'muted', 'padding:4px 24px 0;font-size:15px;line-height:22px', SIDE)}>${escapeHtml(d.period)}</td></tr>
<tr><td ${paint('card', 'text', 'padding:20px 24px 0;font-size:15px;line-height:22px', SIDE)}>${escapeHtml(d.greeting)}<br>${escapeHtml(d.intro)}</td></tr>
<tr><td ${paint('card', 'text', 'padding:14px 18px 0', ['dg-kpis'])}>${kpisHtml(d)}</td></tr>
${plusHtml(d)}
${insightsHtml(d)}
${topHtml(d)}
${buttonHtml(d)}
${d.attachment ? `<tr><td align="center" ${paint('card', 'muted', 'padding:12px 24px 0;font-size:13px;line-height:18px', SIDE)}>${escapeHtml(d.attachment)}</td></tr>` : ''}
<tr><td ${paint('card', 'text', 'padding:0 0 20px;font-size:1px;line-height:1px')}>&nbsp;</td></tr>
</table>
</td></tr>
<tr><td ${paint('page', 'muted', 'padding:16px 8px 0;font-size:12px;line-height:18px')}>${escapeHtml(d.footer)}<br><a href="${escapeHtml(d.unsubscribeUrl)}" target="_blank" class="i-link" style="color:${LIGHT.ink.link};text-decoration:underline">${escapeHtml(text.unsubscribe)}</a> · ${escapeHtml(BRAND)}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table>
</div>
</body>
</html>
`;
}

/** The digest mail in the recipient's language: subject, plain text and HTML. */
export function renderDigest(content: DigestContent): RenderedMail {
  const digest = digestOf(content);
  return { subject: digest.subject, text: renderText(digest), html: renderHtml(digest) };
}

// ---------------------------------------------------------------------------------------------
// The CSV attachment

/** One day of one advertiser, campaign, channel, country and device. */
const DIGEST_CSV_HEADER = [
  'date',
  'advertiser',
  'campaign',
  'channel',
  'country',
  'device',
  'impressions',
  'clicks',
  'conversions',
  'revenue',
  'payout',
] as const;

/** Money to the cent, kept a number so a negative amount is never taken for a formula. */
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The optional CSV attachment: the header and at most `max` rows, cells that a spreadsheet would
 * run as formulas neutralised (toCsv); `truncated` says whether rows were left out.
 */
export function digestCsv(
  rows: readonly ReportRecord[],
  max: number,
): { csv: string; truncated: boolean } {
  const limit = Math.max(0, Math.floor(max));
  const kept = rows.slice(0, limit);
  const csv = toCsv(
    DIGEST_CSV_HEADER,
    kept.map((row) => [
      row.date,
      row.advertiser,
      row.campaign,
      row.channel,
      row.country,
      row.device,
      row.impressions,
      row.clicks,
      row.conversions,
      cents(row.revenue),
      cents(row.payout),
    ]),
  );
  return { csv, truncated: rows.length > limit };
}
