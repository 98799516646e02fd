import type { Locale } from '@partner-portal/shared/constants';

export type MailTemplate =
  | 'verify'
  | 'magic'
  | 'reset'
  | 'password_changed'
  | 'new_signin'
  | 'help'
  | 'account_closed'
  | 'invite'
  | 'invite_accepted';

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
      intro:
        '{{message}}\n\n---\nFrom: {{name}} <{{email}}>\nUser id: {{user_id}}\nAccount: {{account}} ({{account_id}})\nPermission: {{permission}}\nLanguage: {{locale}}',
      outro: 'Reply to this email to answer {{name}}.',
    },
    account_closed: {
      subject: 'The Partner Portal account {{account}} was closed',
      intro:
        'Hi {{name}}, the account {{account}} was closed by its owner, and every session in it was signed out.',
      outro:
        'Its data is kept for {{days}} days and then deleted. If this was a mistake, contact support before then.',
    },
    invite: {
      subject: '{{inviter}} invited you to {{account}} on Partner Portal',
      intro: 'Hi, {{inviter}} invited you to join the {{account}} account on Partner Portal.',
      action: 'Accept the invitation',
      outro:
        'The invitation expires in 7 days. If you were not expecting it, you can ignore this email.',
    },
    invite_accepted: {
      subject: '{{invitee}} joined {{account}} on Partner Portal',
      intro:
        'Hi {{name}}, {{invitee}} ({{email}}) accepted your invitation and joined {{account}}.',
      action: 'See your team',
      outro: 'You can turn these emails off in your notification settings.',
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
      intro:
        '{{message}}\n\n---\nDe: {{name}} <{{email}}>\nId de usuario: {{user_id}}\nCuenta: {{account}} ({{account_id}})\nPermiso: {{permission}}\nIdioma: {{locale}}',
      outro: 'Responde a este correo para contestar a {{name}}.',
    },
    account_closed: {
      subject: 'Se ha cerrado la cuenta {{account}} de Partner Portal',
      intro:
        'Hola {{name}}, el propietario ha cerrado la cuenta {{account}} y se han cerrado todas sus sesiones.',
      outro:
        'Sus datos se conservan durante {{days}} días y después se eliminan. Si ha sido un error, contacta con soporte antes de ese plazo.',
    },
    invite: {
      subject: '{{inviter}} te ha invitado a {{account}} en Partner Portal',
      intro: 'Hola, {{inviter}} te ha invitado a unirte a la cuenta {{account}} en Partner Portal.',
      action: 'Aceptar la invitación',
      outro: 'La invitación caduca en 7 días. Si no la esperabas, puedes ignorar este correo.',
    },
    invite_accepted: {
      subject: '{{invitee}} se ha unido a {{account}} en Partner Portal',
      intro:
        'Hola {{name}}, {{invitee}} ({{email}}) ha aceptado tu invitación y se ha unido a {{account}}.',
      action: 'Ver tu equipo',
      outro: 'Puedes desactivar estos correos en tu configuración de notificaciones.',
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
