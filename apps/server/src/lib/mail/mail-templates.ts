import type { Locale } from '@partner-portal/shared/constants';
import type { MailTemplate, TemplateText } from './mail-template-types';
import { MAIL_TEXT_EN } from './mail-text-en';
import { MAIL_TEXT_ES } from './mail-text-es';

export type { MailTemplate };

const TEXT: Record<Locale, Record<MailTemplate, TemplateText>> = {
  en: MAIL_TEXT_EN,
  es: MAIL_TEXT_ES,
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function fill(
  template: string,
  values: Record<string, string>,
  escape: (v: string) => string = (v) => v,
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => escape(values[name] ?? ''));
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Plain text and HTML of one mail in the recipient's language; values are HTML-escaped. */
export function renderMail(
  template: MailTemplate,
  locale: Locale,
  values: Record<string, string> & { link?: string },
): RenderedMail {
  const text = TEXT[locale][template];
  const subject = fill(text.subject, values);
  const intro = fill(text.intro, values);
  const outro = fill(text.outro, values);
  const link = values.link;
  // An action may name what its link opens ({{action}}), which differs from one mail to the next.
  const action = text.action ? fill(text.action, values) : '';
  const plain = [
    intro,
    '',
    ...(action && link ? [`${action}: ${link}`, ''] : []),
    outro,
    '',
    'Partner Portal',
  ].join('\n');
  const button =
    action && link
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(link)}</p>`
      : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5"><p>${escapeHtml(intro).replace(/\n/g, '<br>')}</p>${button}<p>${escapeHtml(outro)}</p><p style="color:#555">Partner Portal</p></body></html>`;
  return { subject, text: plain, html };
}
