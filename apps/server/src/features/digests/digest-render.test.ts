import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatMoney,
  formatPercent,
  percentChange,
} from '@partner-portal/shared/report-format';
import { digestCsv, formatPeriod, renderDigest, type DigestContent } from './digest-render';
import { DIGEST_TEXT_EN } from './digest-text-en';
import { DIGEST_TEXT_ES } from './digest-text-es';

const DASHBOARD = 'https://app.example.com/dashboard/core?from=2026-11-16&to=2026-11-22';
const UNSUBSCRIBE = 'https://app.example.com/digests/unsubscribe?token=t0k3n';

function content(overrides: Partial<DigestContent> = {}): DigestContent {
  return {
    locale: 'en',
    recipientName: 'Ana',
    accountName: 'Northwind Media',
    frequency: 'weekly',
    period: { from: '2026-11-16', to: '2026-11-22' },
    kpis: {
      current: {
        impressions: 1_234_567,
        clicks: 900,
        conversions: 42,
        revenue: 1234.5,
        payout: 600,
      },
      previous: {
        impressions: 1_000_000,
        clicks: 1_000,
        conversions: 0,
        revenue: 1000,
        payout: 500,
      },
      previous_range: { from: '2026-11-09', to: '2026-11-15' },
    },
    top: {
      dimension: 'advertiser',
      rows: [
        { key: 'Contoso', revenue: 700.25, conversions: 20, clicks: 400 },
        { key: 'Fabrikam', revenue: 534.25, conversions: 22, clicks: 500 },
      ],
    },
    plusHeadline: null,
    dashboardUrl: DASHBOARD,
    unsubscribeUrl: UNSUBSCRIBE,
    ...overrides,
  };
}

/** The plain-text line of one KPI (each starts with the metric's label). */
function textLine(text: string, label: string): string {
  const line = text.split('\n').find((l) => l.startsWith(`${label} `));
  expect(line, label).toBeDefined();
  return line!;
}

/** The HTML of one KPI tile: from its label to the end of its table. */
function tileHtml(html: string, label: string): string {
  const start = html.indexOf(`>${label}</div>`);
  expect(start, label).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</table>', start));
}

describe('renderDigest', () => {
  it('formats the figures exactly as the dashboard tiles do', () => {
    const mail = renderDigest(content());
    for (const figure of [
      formatMoney('en', 1234.5),
      formatCount('en', 1_234_567),
      formatCount('en', 900),
      formatCount('en', 42),
      formatMoney('en', 600),
      formatMoney('en', 700.25),
    ]) {
      expect(mail.html).toContain(figure);
      expect(mail.text).toContain(figure);
    }
    expect(mail.html).toContain('$1,234.50');
  });

  it('names the account, the period and the revenue change in the subject', () => {
    const mail = renderDigest(content());
    expect(mail.subject).toBe(
      `Your weekly report for Northwind Media: revenue ${formatMoney('en', 1234.5)} (${formatPercent('en', 0.2345)})`,
    );
    expect(mail.subject).toBe('Your weekly report for Northwind Media: revenue $1,234.50 (+23.5%)');
    expect(mail.text).toContain(formatPeriod('en', '2026-11-16', '2026-11-22'));
    expect(mail.html).toContain('Nov 16');
    expect(mail.html).toContain('22, 2026');
  });

  it('leaves the percent out of the subject when there was no previous revenue', () => {
    const kpis = content().kpis;
    const mail = renderDigest(
      content({ kpis: { ...kpis, previous: { ...kpis.previous, revenue: 0 } } }),
    );
    expect(mail.subject).toBe('Your weekly report for Northwind Media: revenue $1,234.50');
  });

  it('shows rises and falls with arrows and percents, and nothing to compare with as such', () => {
    const { text, html } = renderDigest(content());
    const up = formatPercent('en', percentChange(1_234_567, 1_000_000)!);
    const down = formatPercent('en', percentChange(900, 1_000)!);
    expect(textLine(text, 'Impressions')).toContain(`▲ ${up}`);
    expect(textLine(text, 'Clicks')).toContain(`▼ ${down}`);
    const conversions = textLine(text, 'Conversions');
    expect(conversions).toContain('No previous period');
    expect(conversions).not.toMatch(/[▲▼%]/);

    expect(tileHtml(html, 'Impressions')).toContain(`▲</span>&nbsp;${up}`);
    expect(tileHtml(html, 'Impressions')).toContain('color:#047857'); // green
    expect(tileHtml(html, 'Clicks')).toContain(`▼</span>&nbsp;${down}`);
    expect(tileHtml(html, 'Clicks')).toContain('color:#b91c1c'); // red
    const noPrevious = tileHtml(html, 'Conversions');
    expect(noPrevious).toContain('No previous period');
    expect(noPrevious).not.toMatch(/[▲▼%]/);
  });

  it('keeps the arrow of a higher payout but not the good-news colour', () => {
    const { text, html } = renderDigest(content());
    expect(textLine(text, 'Payout')).toContain(`▲ ${formatPercent('en', 0.2)}`);
    const payout = tileHtml(html, 'Payout');
    expect(payout).toContain('▲');
    expect(payout).not.toContain('color:#047857');
    expect(payout).not.toContain('color:#b91c1c');
  });

  it('shows no arrow for an unchanged figure', () => {
    const kpis = content().kpis;
    const { text } = renderDigest(
      content({ kpis: { ...kpis, current: { ...kpis.current, clicks: 1_000 } } }),
    );
    expect(textLine(text, 'Clicks')).toContain(formatPercent('en', 0));
    expect(textLine(text, 'Clicks')).not.toMatch(/[▲▼]/);
  });

  it('HTML-escapes every value that comes from user data', () => {
    const hostile = 'Tom & Jerry <script>alert(1)</script>';
    const mail = renderDigest(
      content({
        recipientName: '<b>Ana</b> & co',
        accountName: hostile,
        top: {
          dimension: 'advertiser',
          rows: [{ key: '<img src=x onerror=alert(1)>', revenue: 1, conversions: 1, clicks: 1 }],
        },
        dashboardUrl: 'https://app.example.com/d?a=1&b="2"',
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Ana');
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.html).toContain('Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Ana&lt;/b&gt; &amp; co');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://app.example.com/d?a=1&amp;b=&quot;2&quot;"');
    // Plain text and the subject are not HTML: they carry the name as it is.
    expect(mail.text).toContain(hostile);
    expect(mail.subject).toContain(hostile);
  });

  it('never lets a name break the subject onto another header line', () => {
    const mail = renderDigest(content({ accountName: 'Evil\r\nBcc: x@example.com' }));
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('builds HTML any mail client renders: tables, no images, a language, both links', () => {
    const { html } = renderDigest(content());
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en"/);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/display:\s*(flex|grid)/);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('max-width:600px');
    expect(html).toContain(`href="${DASHBOARD.replace(/&/g, '&amp;')}"`);
    expect(html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(html).toContain('>Open your dashboard</a>');
    expect(html).toContain('>Unsubscribe</a>');
    // The preheader: hidden, and the first text of the body.
    expect(html).toMatch(/<div style="display:none[^"]*">Nov 16/);
    // Every cell sets its own background and text colour, so an inverted one stays legible.
    const cells = html.replace(/<!--[\s\S]*?-->/g, '').match(/<t[dh][\s>][^>]*/g) ?? [];
    expect(cells.length).toBeGreaterThan(10);
    for (const cell of cells) expect(cell).toMatch(/background-color:#[0-9a-f]{6};color:#/);
  });

  it('writes a plain-text part with the same figures and both links', () => {
    const { text } = renderDigest(content());
    expect(text).toContain(`Open your dashboard: ${DASHBOARD}`);
    expect(text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    expect(text).toContain('Hi Ana,');
    expect(text).toContain('Top advertisers by revenue');
    expect(text).toContain('1. Contoso');
    expect(text).not.toMatch(/<[a-z]/i);
    // The KPI figures line up in one column.
    const columns = ['Revenue', 'Impressions', 'Clicks', 'Conversions', 'Payout'].map((label) =>
      textLine(text, label).search(/[$\d]/),
    );
    expect(new Set(columns).size).toBe(1);
  });

  it('lists at most five top rows, or says there was nothing to list', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      key: `Campaign ${i + 1}`,
      revenue: 100 - i,
      conversions: 1,
      clicks: 2,
    }));
    const full = renderDigest(content({ top: { dimension: 'campaign', rows } }));
    expect(full.html).toContain('Top campaigns by revenue');
    expect(full.html).toContain('Campaign 5');
    expect(full.html).not.toContain('Campaign 6');
    expect(full.text).not.toContain('Campaign 6');

    const empty = renderDigest(content({ top: { dimension: 'campaign', rows: [] } }));
    expect(empty.html).toContain('No campaigns to list for this period.');
    expect(empty.text).toContain('No campaigns to list for this period.');
    expect(empty.html).not.toContain('<th');
  });

  it('shows the Plus margin headline only when there is one', () => {
    const without = renderDigest(content());
    expect(without.html).not.toContain('Margin (revenue − payout)');
    const plus = renderDigest(content({ plusHeadline: { margin: 634.5, previousMargin: 500 } }));
    expect(plus.html).toContain('Margin (revenue − payout)');
    expect(plus.html).toContain(formatMoney('en', 634.5));
    expect(plus.text).toContain(`${formatMoney('en', 634.5)}   ▲ ${formatPercent('en', 0.269)}`);
    const first = renderDigest(content({ plusHeadline: { margin: 10, previousMargin: 0 } }));
    expect(textLine(first.text, 'Plus')).toContain('No previous period');
  });

  it('says when the period’s rows are attached, and when only the first 2,000 are', () => {
    expect(renderDigest(content()).text).not.toContain('CSV');
    const all = renderDigest(content({ attachment: { truncated: false } }));
    for (const part of [all.html, all.text]) {
      expect(part).toContain('The period’s rows are attached as a CSV file.');
    }
    const first = renderDigest(content({ locale: 'es', attachment: { truncated: true } }));
    expect(first.text).toContain(
      `las primeras ${formatCount('es', 2000)} filas del periodo; tu panel las tiene todas.`,
    );
  });

  it('calls a smaller loss a rise of the margin', () => {
    const { text } = renderDigest(content({ plusHeadline: { margin: -50, previousMargin: -100 } }));
    expect(textLine(text, 'Plus')).toContain(`▲ ${formatPercent('en', 0.5)}`);
  });

  it('writes it all in Spanish, addressing the reader as tú', () => {
    const mail = renderDigest(content({ locale: 'es', recipientName: 'Lucía' }));
    expect(mail.subject).toBe(
      `Tu informe semanal de Northwind Media: ingresos de ${formatMoney('es', 1234.5)} (${formatPercent('es', 0.2345)})`,
    );
    expect(mail.html).toMatch(/<html lang="es"/);
    expect(mail.html).toContain('16–22 nov 2026');
    expect(mail.html).toContain('>Abrir tu panel</a>');
    expect(mail.html).toContain('>Date de baja</a>');
    expect(mail.html).toContain(formatMoney('es', 1234.5));
    expect(mail.html).toContain('Principales anunciantes por ingresos');
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('Sin periodo anterior');
    expect(mail.text).toContain(`Abrir tu panel: ${DASHBOARD}`);
    expect(mail.text).toContain('que se envía cada lunes');
    for (const english of ['Revenue', 'Open your dashboard', 'Unsubscribe', 'No previous']) {
      expect(mail.html).not.toContain(english);
      expect(mail.text).not.toContain(english);
    }
  });

  it('has every wording in both languages', () => {
    expect(Object.keys(DIGEST_TEXT_ES).sort()).toEqual(Object.keys(DIGEST_TEXT_EN).sort());
    for (const [key, value] of Object.entries(DIGEST_TEXT_ES)) {
      if (typeof value === 'object') {
        expect(Object.keys(value).sort(), key).toEqual(
          Object.keys(DIGEST_TEXT_EN[key as keyof typeof DIGEST_TEXT_EN]).sort(),
        );
      }
    }
  });
});

describe('formatPeriod', () => {
  it('names a period in words, by calendar day whatever the server’s time zone', () => {
    expect(formatPeriod('en', '2026-11-16', '2026-11-22')).toMatch(/^Nov 16\s–\s22, 2026$/);
    expect(formatPeriod('en', '2026-11-30', '2026-12-06')).toMatch(/^Nov 30\s–\sDec 6, 2026$/);
    expect(formatPeriod('en', '2026-11-16', '2026-11-16')).toBe('Monday, Nov 16, 2026');
    expect(formatPeriod('en', '2026-02-01', '2026-02-28')).toBe('February 2026');
    expect(formatPeriod('es', '2026-10-01', '2026-10-31')).toBe('octubre de 2026');
    expect(formatPeriod('en', '2026-02-01', '2026-02-27')).not.toBe('February 2026');
  });
});

describe('digestCsv', () => {
  const row = {
    date: '2026-11-16',
    advertiser: 'Contoso',
    campaign: 'Winter',
    channel: 'search',
    country: 'ES',
    device: 'mobile',
    impressions: 1000,
    clicks: 10,
    conversions: 1,
    revenue: 12.346,
    payout: -3.5,
  };

  it('writes the header and the rows, formulas neutralised', () => {
    const { csv, truncated } = digestCsv(
      [row, { ...row, advertiser: '=cmd|" /C calc"!A0', campaign: '@SUM(1)' }],
      10,
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout',
    );
    expect(lines[1]).toBe('2026-11-16,Contoso,Winter,search,ES,mobile,1000,10,1,12.35,-3.5');
    expect(lines[2]).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(lines[2]).toContain(`,'@SUM(1),`);
    expect(csv).not.toMatch(/(^|,)=cmd/m);
    expect(truncated).toBe(false);
  });

  it('keeps at most `max` rows and says when it cut', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ ...row, date: `2026-11-1${i}` }));
    const cut = digestCsv(rows, 3);
    expect(cut.truncated).toBe(true);
    expect(cut.csv.trimEnd().split('\r\n')).toHaveLength(1 + 3);
    expect(cut.csv).not.toContain('2026-11-13');

    const exact = digestCsv(rows, 5);
    expect(exact.truncated).toBe(false);
    expect(exact.csv.trimEnd().split('\r\n')).toHaveLength(1 + 5);
  });
});
