import type { Locale } from '@partner-portal/shared/constants';

export type MailTemplate =
  'verify' | 'magic' | 'reset' | 'password_changed' | 'new_signin' | 'help';

interface TemplateText {
  subject: string;
  intro: string;
  action?: string;
  outro: string;
}

// {{name}} and {{minutes}} are filled in; {{link}} is the action button's target.
const TEXT: Record<Locale, Record<MailTemplate, TemplateText>> = {
  en: {
    verify: {
      subject: 'Verify your email address',
      intro: 'Hi {{name}}, please confirm your email address to finish setting up Partner Portal.',
      action: 'Verify email',
      outro: 'The link expires in 24 hours. If you did not sign up, you can ignore this email.',
    },
    magic: {
      subject: 'Your Partner Portal sign-in link',
      intro: 'Hi {{name}}, use this link to sign in to Partner Portal.',
      action: 'Sign in',
      outro:
        'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.',
    },
    reset: {
      subject: 'Reset your Partner Portal password',
      intro: 'Hi {{name}}, we received a request to reset your password.',
      action: 'Choose a new password',
      outro:
        'The link works once and expires in 60 minutes. If you did not ask for it, ignore this email.',
    },
    password_changed: {
      subject: 'Your Partner Portal password was changed',
      intro:
        'Hi {{name}}, the password of your Partner Portal account was just changed, and your other sessions were signed out.',
      outro: 'If this was not you, reset your password now and contact support.',
    },
    new_signin: {
      subject: 'New sign-in to Partner Portal',
      intro: 'Hi {{name}}, your account was just used to sign in to Partner Portal.',
      outro: 'If this was not you, change your password now.',
    },
    help: {
      subject: 'Help request from {{name}}',
      intro: '{{message}}',
      outro: 'Reply to this email to answer {{name}}.',
    },
  },
  es: {
    verify: {
      subject: 'Verifica tu correo electrónico',
      intro:
        'Hola {{name}}, confirma tu correo electrónico para terminar de configurar Partner Portal.',
      action: 'Verificar correo',
      outro: 'El enlace caduca en 24 horas. Si no te registraste, puedes ignorar este correo.',
    },
    magic: {
      subject: 'Tu enlace para iniciar sesión en Partner Portal',
      intro: 'Hola {{name}}, usa este enlace para iniciar sesión en Partner Portal.',
      action: 'Iniciar sesión',
      outro:
        'El enlace funciona una vez y caduca en 15 minutos. Si no lo pediste, ignora este correo.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Partner Portal',
      intro: 'Hola {{name}}, hemos recibido una solicitud para restablecer tu contraseña.',
      action: 'Elegir una nueva contraseña',
      outro:
        'El enlace funciona una vez y caduca en 60 minutos. Si no lo pediste, ignora este correo.',
    },
    password_changed: {
      subject: 'Se ha cambiado tu contraseña de Partner Portal',
      intro:
        'Hola {{name}}, se acaba de cambiar la contraseña de tu cuenta de Partner Portal y se han cerrado tus otras sesiones.',
      outro: 'Si no has sido tú, restablece tu contraseña ahora y contacta con soporte.',
    },
    new_signin: {
      subject: 'Nuevo inicio de sesión en Partner Portal',
      intro: 'Hola {{name}}, se acaba de usar tu cuenta para iniciar sesión en Partner Portal.',
      outro: 'Si no has sido tú, cambia tu contraseña ahora.',
    },
    help: {
      subject: 'Solicitud de ayuda de {{name}}',
      intro: '{{message}}',
      outro: 'Responde a este correo para contestar a {{name}}.',
    },
  },
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
  const plain = [
    intro,
    '',
    ...(text.action && link ? [`${text.action}: ${link}`, ''] : []),
    outro,
    '',
    'Partner Portal',
  ].join('\n');
  const button =
    text.action && link
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(text.action)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(link)}</p>`
      : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5"><p>${escapeHtml(intro).replace(/\n/g, '<br>')}</p>${button}<p>${escapeHtml(outro)}</p><p style="color:#555">Partner Portal</p></body></html>`;
  return { subject, text: plain, html };
}
