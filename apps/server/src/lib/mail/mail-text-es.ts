import type { MailTemplate, TemplateText } from './mail-template-types';

/** Spanish mail wording, key for key the English one (mail-text-en.ts). */
export const MAIL_TEXT_ES: Record<MailTemplate, TemplateText> = {
  verify: {
    subject: 'Verifica tu correo electrónico',
    intro:
      'Hola, {{name}}:\nConfirma tu correo electrónico para terminar de configurar Partner Portal.',
    action: 'Verificar correo',
    outro: 'El enlace caduca en 24 horas. Si no te registraste, puedes ignorar este correo.',
  },
  magic: {
    subject: 'Tu enlace para iniciar sesión en Partner Portal',
    intro: 'Hola, {{name}}:\nUsa este enlace para iniciar sesión en Partner Portal.',
    action: 'Iniciar sesión',
    outro:
      'El enlace funciona una vez y caduca en 15 minutos. Si no lo pediste, ignora este correo.',
  },
  reset: {
    subject: 'Restablece tu contraseña de Partner Portal',
    intro: 'Hola, {{name}}:\nHemos recibido una solicitud para restablecer tu contraseña.',
    action: 'Elegir una nueva contraseña',
    outro:
      'El enlace funciona una vez y caduca en 60 minutos. Si no lo pediste, ignora este correo.',
  },
  password_changed: {
    subject: 'Se ha cambiado tu contraseña de Partner Portal',
    intro:
      'Hola, {{name}}:\nSe acaba de cambiar la contraseña de tu cuenta de Partner Portal y se han cerrado tus otras sesiones.',
    outro: 'Si no has sido tú, restablece tu contraseña ahora y contacta con soporte.',
  },
  two_factor_reset: {
    subject: 'Se desactivó la autenticación en dos pasos de tu cuenta de Partner Portal',
    intro:
      'Hola, {{name}}:\nA petición tuya, nuestro equipo de soporte desactivó la autenticación en dos pasos de tu cuenta y cerró todas tus sesiones. Inicia sesión con tu contraseña y vuelve a activarla en Cuenta → Autenticación en dos pasos.',
    outro: 'Si no lo pediste, restablece tu contraseña ahora y contacta con soporte.',
  },
  two_factor_required: {
    subject: '{{account}} ahora exige la autenticación en dos pasos',
    intro:
      'Hola, {{name}}:\nEl propietario de {{account}} en Partner Portal ahora exige a todos los miembros la autenticación en dos pasos. Actívala antes del {{deadline}}: después, mientras no la actives, {{account}} solo se abrirá para configurarla.',
    action: 'Activar la autenticación en dos pasos',
    outro:
      'Necesitas una app de autenticación en el móvil (cualquiera que muestre códigos de 6 dígitos). Tu acceso y tus permisos no cambian.',
  },
  two_factor_reminder: {
    subject: 'Mañana {{account}} exige la autenticación en dos pasos',
    intro:
      'Hola, {{name}}:\n{{account}} exige la autenticación en dos pasos desde el {{deadline}} y aún no la has activado. Después, mientras no la actives, {{account}} solo se abrirá para configurarla.',
    action: 'Activar la autenticación en dos pasos',
    outro: 'Con una app de autenticación en el móvil se hace en un minuto.',
  },
  new_signin: {
    subject: 'Nuevo inicio de sesión en Partner Portal',
    intro: 'Hola, {{name}}:\nSe acaba de usar tu cuenta para iniciar sesión en Partner Portal.',
    outro: 'Si no has sido tú, cambia tu contraseña ahora.',
  },
  help: {
    subject: 'Solicitud de ayuda de {{name}}',
    intro:
      '{{message}}\n\n---\nDe: {{name}} <{{email}}>\nID de usuario: {{user_id}}\nCuenta: {{account}} ({{account_id}})\nPermiso: {{permission}}\nIdioma: {{locale}}',
    outro: 'Responde a este correo para contestar a {{name}}.',
  },
  account_closed: {
    subject: 'Se ha cerrado la cuenta {{account}} de Partner Portal',
    intro:
      'Hola, {{name}}:\nEl propietario ha cerrado la cuenta {{account}} y se han cerrado todas sus sesiones.',
    outro:
      'Sus datos se conservan durante {{days}} días y después se eliminan. Si ha sido un error, contacta con soporte antes de ese plazo.',
  },
  invite: {
    subject: '{{inviter}} te ha invitado a {{account}} en Partner Portal',
    intro: 'Hola:\n{{inviter}} te ha invitado a unirte a la cuenta {{account}} en Partner Portal.',
    action: 'Aceptar la invitación',
    outro: 'La invitación caduca en 7 días. Si no la esperabas, puedes ignorar este correo.',
  },
  invite_2fa: {
    subject: '{{inviter}} te ha invitado a {{account}} en Partner Portal',
    intro:
      'Hola:\n{{inviter}} te ha invitado a unirte a la cuenta {{account}} en Partner Portal.\n{{account}} exige la autenticación en dos pasos: al unirte, la configurarás con una app de autenticación en tu teléfono.',
    action: 'Aceptar la invitación',
    outro: 'La invitación caduca en 7 días. Si no la esperabas, puedes ignorar este correo.',
  },
  invite_accepted: {
    subject: '{{invitee}} se ha unido a {{account}} en Partner Portal',
    intro:
      'Hola, {{name}}:\n{{invitee}} ({{email}}) ha aceptado tu invitación y se ha unido a {{account}}.',
    action: 'Ver tu equipo',
    outro: 'Puedes desactivar estos correos en tu configuración de notificaciones.',
  },
  sso_member_joined: {
    subject: '{{member}} se ha unido a {{account}} con el inicio de sesión único',
    intro:
      'Hola, {{name}}:\n{{member}} ({{email}}) ha entrado por primera vez a través de tu proveedor de identidad y se ha unido a {{account}} como {{permission}}.',
    action: 'Ver tu equipo',
    outro:
      'Las personas nuevas de tus dominios verificados se unen así. Puedes cambiar su permiso en la pantalla del equipo, o el permiso por defecto en Cuenta → Inicio de sesión único.',
  },
  alert_triggered: {
    subject: '{{alert}}: {{metric}} fue {{value}} el {{day}}',
    intro:
      'Hola, {{name}}:\nTu alerta «{{alert}}» se ha activado. {{metric}}{{slice}} fue {{value}} el {{day}}, {{comparison}}.',
    action: 'Abrir el panel en ese dato',
    outro:
      'No volverás a recibir aviso hasta que la cifra vuelva al lado correcto de tu regla. Pospón o cambia la alerta en Cuenta → Alertas.',
  },
  webhook_disabled: {
    subject: 'Se ha desactivado un endpoint de webhook de {{account}}',
    intro:
      'Hola, {{name}}:\nNo hemos podido entregar eventos a {{url}} durante tres días, así que hemos desactivado el endpoint. El último intento respondió: {{error}}.',
    action: 'Ver el endpoint',
    outro:
      'No se envían eventos a un endpoint desactivado. Cuando vuelva a responder, actívalo en Cuenta → Webhooks y reenvía desde su lista las entregas que no recibió.',
  },
  account_added: {
    subject: 'Se ha añadido {{account}} a tu acceso a Partner Portal',
    intro:
      'Hola, {{name}}:\nSe acaban de usar tu correo electrónico y tu contraseña para añadir la cuenta {{account}} a tu acceso a Partner Portal. Puedes cambiar a ella desde el menú de usuario.',
    action: 'Restablecer tu contraseña',
    outro:
      'Si no has sido tú, alguien conoce tu contraseña: restablécela ahora y activa la autenticación en dos pasos.',
  },
  second_factor_locked: {
    subject: 'Demasiados códigos de acceso incorrectos en tu cuenta de Partner Portal',
    intro:
      'Hola, {{name}}:\nAlguien ha introducido {{count}} códigos de autenticación en dos pasos incorrectos para tu cuenta, lo que significa que conoce tu contraseña. Los códigos se rechazarán durante los próximos {{minutes}} minutos.',
    action: 'Restablecer tu contraseña',
    outro:
      'Si no has sido tú, restablece tu contraseña ahora. Si has sido tú, espera e inténtalo de nuevo.',
  },
  email_change_requested: {
    subject: 'Tu correo de Partner Portal va a cambiar a {{new_email}}',
    intro:
      'Hola, {{name}}:\nAlguien con sesión iniciada en tu cuenta de Partner Portal ha pedido cambiar su correo de {{email}} a {{new_email}}. Puedes seguir iniciando sesión con {{email}} hasta que se confirme la nueva dirección.',
    action: 'No he sido yo',
    outro:
      'Si no has sido tú, abre el enlace de arriba en los próximos 7 días: recupera {{email}}, cierra todas las sesiones y te pide una contraseña nueva. Si has sido tú, no tienes que hacer nada.',
  },
  email_code: {
    subject: 'Tu código de Partner Portal: {{code}}',
    intro:
      'Hola, {{name}}:\nIntroduce el código {{code}} para cambiar el correo de tu cuenta de Partner Portal a {{new_email}}.',
    outro:
      'El código funciona una vez y caduca en 10 minutos. Si no lo has pedido, ignora este correo y tu dirección seguirá igual.',
  },
  email_restored: {
    subject: 'Tu correo de Partner Portal vuelve a ser {{email}}',
    intro:
      'Hola, {{name}}:\nSe ha deshecho el cambio de correo a {{new_email}}: tu cuenta vuelve a usar {{email}} y se han cerrado todas las sesiones.',
    action: 'Elegir una contraseña nueva',
    outro:
      'Puede que alguien haya usado tu cuenta: elige una contraseña nueva ahora y activa la autenticación en dos pasos.',
  },
  plan_updated: {
    subject: 'Tu plan de Partner Portal ahora es {{plan}}',
    intro:
      'Hola, {{name}}:\nLa cuenta {{account}} ya está en el plan {{plan}} ({{price}}). {{charged}}Tus facturas están en la página de facturación.',
    action: '{{action}}',
    outro: 'Si no esperabas este cambio, ponte en contacto con soporte.',
  },
  plan_scheduled: {
    subject: 'Tu plan de Partner Portal cambia a {{plan}} el {{date}}',
    intro:
      'Hola, {{name}}:\nLa cuenta {{account}} pasará al plan {{plan}} el {{date}}. Hasta entonces mantiene {{current}}.',
    action: 'Abrir facturación',
    outro: '¿Has cambiado de idea? Deshazlo en la página de facturación antes del {{date}}.',
  },
  card_updated: {
    subject: 'Se ha cambiado la tarjeta de tu cuenta de Partner Portal',
    intro:
      'Hola, {{name}}:\nLa cuenta {{account}} ahora paga con {{card}}. La próxima factura se cargará en ella.',
    action: 'Abrir facturación',
    outro:
      'Si no has sido tú, inicia sesión, vuelve a cambiar la tarjeta y ponte en contacto con soporte.',
  },
  payment_failed: {
    subject: 'Tu último pago ha fallado',
    intro:
      'Hola, {{name}}:\nNo hemos podido cobrar {{amount}} de la cuenta {{account}} en {{card}}. {{retry}}',
    action: 'Actualizar la tarjeta',
    outro: 'Hasta que se pague, la cuenta queda limitada al plan gratuito Core.',
  },
  payment_action_required: {
    subject: 'Tienes que autorizar tu pago',
    intro:
      'Hola, {{name}}:\nTu banco te pide que apruebes el pago de {{amount}} de la cuenta {{account}}. {{retry}}',
    action: 'Autorizar el pago',
    outro: 'Hasta que lo apruebes, la cuenta queda limitada al plan gratuito Core.',
  },
  subscription_canceled: {
    subject: 'Tu suscripción ha sido cancelada',
    intro:
      'Hola, {{name}}:\nLa suscripción {{plan}} de la cuenta {{account}} se ha cancelado y la cuenta está ahora en el plan gratuito Core.',
    action: 'Elegir un plan',
    outro: 'Tus datos y facturas se conservan. Puedes volver a suscribirte cuando quieras.',
  },
  api_key_expiring: {
    subject: 'Tu clave de API «{{key}}» caduca el {{date}}',
    intro:
      'Hola, {{name}}:\nLa clave de API «{{key}}» ({{stub}}) de la cuenta {{account}} dejará de funcionar el {{date}}. Lo que la use será rechazado a partir de entonces.',
    action: 'Gestionar las claves de API',
    outro: 'Renueva la clave para obtener un secreto nuevo, o crea otra, antes de ese día.',
  },
  audit_anchor: {
    subject: 'Ancla del registro de auditoría del {{at}}',
    intro:
      'El {{at}}, la fila más reciente de cada cadena del registro de auditoría que cambió desde el ancla anterior ({{count}} en total; abajo las primeras) era:\n\n{{heads}}\n\nHash con clave de esta ancla: {{mac}}\nArchivo de anclas: {{file}}',
    outro:
      'Guarda este correo. npm run admin -- audit-verify comprueba el registro con el archivo de anclas; si el archivo y este correo no coinciden, fíate de este correo.',
  },
};
