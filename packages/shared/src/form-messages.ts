import type { Locale } from './constants';

/**
 * docs/product.md#validation-rules message templates, in both languages. The web registers them as i18next resources and
 * the server uses them to word zod failures, so both sides say the same thing for the same rule.
 * Interpolation is i18next's: {{label}}, {{min}}, {{max}}, {{type}}.
 */
const en = {
  global: {
    no_results: 'No results',
    form: {
      input: {
        error: {
          required: '{{label}} is required',
          min: 'Please enter a minimum of {{min}}',
          max: 'Please enter a maximum of {{max}}',
          between: 'Please enter a value between {{min}} and {{max}}',
          min_length: '{{label}} must be a minimum of {{min}} characters',
          max_length: '{{label}} must be a maximum of {{max}} characters',
          characters: '{{label}} contains a character that cannot be saved (a NUL or a broken one)',
        },
      },
      number: { error: { invalid: 'Please enter a valid number' } },
      url: {
        error: {
          invalid: 'Please enter a valid URL',
          https: 'Please enter an https:// URL',
        },
      },
      domain: {
        error: { invalid: 'Please enter a domain like example.com, without "@" or "https://"' },
      },
      saml: {
        error: { xml_or_url: 'Give the metadata or its URL, not both' },
      },
      webhook_events: {
        error: { required: 'Choose at least one event', unknown: 'That is not an event we send' },
      },
      alert: {
        error: {
          channels: 'Choose how to be told: e-mail, webhook or both',
          zero_change: 'Enter a change other than 0 %',
          anomaly_ratio: 'Anomalies are found in counts and amounts: choose another metric',
        },
      },
      scim_group: {
        error: {
          duplicate: 'Each group can be mapped once',
          too_many: 'Map at most {{max}} groups',
        },
      },
      email: {
        error: {
          invalid: 'Please enter a valid email address',
          invalid_item: '{{value}} is not a valid email address',
          duplicate_item: '{{value}} is listed more than once',
          too_many: 'Invite at most {{max}} people at a time',
        },
      },
      phone: {
        error: { invalid: 'Please enter a valid phone number with an international prefix' },
      },
      date: {
        placeholder: 'YYYY-MM-DD',
        error: {
          invalid: 'Please enter a valid date (YYYY-MM-DD)',
          range: 'Please enter a date between {{min}} and {{max}}',
        },
      },
      date_range: {
        error: {
          order: 'The end date must not be before the start date',
          too_long: 'Choose a range of at most {{days}} days',
        },
      },
      password: {
        error: {
          special: 'Password must contain at least one special character',
          mismatch: 'The passwords do not match',
        },
      },
      otp: { error: { invalid: 'Please enter the 6-character code' } },
      timezone: { error: { invalid: 'Please choose a time zone from the list' } },
      card: {
        error: {
          number: 'Please enter a valid card number',
          expiry: 'Please enter the expiry as MM/YY',
          expired: 'This card has expired',
          cvc: 'Please enter the 3- or 4-digit security code',
          name: 'Please enter the name on the card',
          token: 'Please enter your card details',
        },
      },
      select: {
        placeholder: 'Please select an option',
        error: {
          required: 'Please select an option',
          min: 'Please select a minimum of {{min}} options',
          max: 'Please select a maximum of {{max}} options',
          between: 'Please select between {{min}} and {{max}} options',
        },
      },
      file: {
        error: {
          required: 'Please select a file',
          excluded: '{{type}} files are not accepted',
        },
      },
      field: {
        first_name: 'Please enter your first name',
        last_name: 'Please enter your last name',
        partner_name: 'Please enter your partner name',
        email: 'Please enter your email',
        message: 'Please enter a message',
        advertiser_name: 'Please enter the advertiser name',
        password: 'Please enter your password',
        name: 'Please enter a name',
        scope: 'Please choose at least one scope',
        not_allowed: '{{label}} cannot be changed here',
        support_days: 'Choose 1, 7, 14 or 30 days of support access',
        support_days_alone: 'Give a length of support access only when turning it on',
      },
      apikey: {
        error: {
          ip_range: 'Please enter an IP address or a range such as 203.0.113.0/24',
          expiry: 'Please choose a valid expiry date',
          expiry_range: 'Choose an expiry between tomorrow and {{days}} days from now',
        },
      },
    },
  },
};

type Catalogue = typeof en;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

const es: DeepStrings<Catalogue> = {
  global: {
    no_results: 'Sin resultados',
    form: {
      input: {
        error: {
          required: 'El campo {{label}} es obligatorio',
          min: 'Introduce un valor de {{min}} o más',
          max: 'Introduce un valor de {{max}} o menos',
          between: 'Introduce un valor entre {{min}} y {{max}}',
          min_length: 'El campo {{label}} debe tener al menos {{min}} caracteres',
          max_length: 'El campo {{label}} debe tener como máximo {{max}} caracteres',
          characters:
            'El campo {{label}} contiene un carácter que no se puede guardar (un NUL o uno dañado)',
        },
      },
      number: { error: { invalid: 'Introduce un número válido' } },
      url: {
        error: {
          invalid: 'Introduce una URL válida',
          https: 'Introduce una URL que empiece por https://',
        },
      },
      domain: {
        error: { invalid: 'Introduce un dominio como example.com, sin "@" ni "https://"' },
      },
      saml: {
        error: { xml_or_url: 'Indica los metadatos o su URL, no ambos' },
      },
      webhook_events: {
        error: {
          required: 'Elige al menos un evento',
          unknown: 'Ese no es un evento que enviemos',
        },
      },
      alert: {
        error: {
          channels: 'Elige cómo quieres enterarte: correo, webhook o ambos',
          zero_change: 'Indica un cambio distinto de 0 %',
          anomaly_ratio: 'Las anomalías se buscan en recuentos e importes: elige otra métrica',
        },
      },
      scim_group: {
        error: {
          duplicate: 'Cada grupo se puede asignar una sola vez',
          too_many: 'Asigna como máximo {{max}} grupos',
        },
      },
      email: {
        error: {
          invalid: 'Introduce una dirección de correo electrónico válida',
          invalid_item: '{{value}} no es una dirección de correo electrónico válida',
          duplicate_item: '{{value}} aparece más de una vez',
          too_many: 'Invita como máximo a {{max}} personas a la vez',
        },
      },
      phone: {
        error: { invalid: 'Introduce un número de teléfono válido con prefijo internacional' },
      },
      date: {
        placeholder: 'AAAA-MM-DD',
        error: {
          invalid: 'Introduce una fecha válida (AAAA-MM-DD)',
          range: 'Introduce una fecha entre {{min}} y {{max}}',
        },
      },
      date_range: {
        error: {
          order: 'La fecha final no puede ser anterior a la inicial',
          too_long: 'Elige un periodo de {{days}} días como máximo',
        },
      },
      password: {
        error: {
          special: 'La contraseña debe contener al menos un carácter especial',
          mismatch: 'Las contraseñas no coinciden',
        },
      },
      otp: { error: { invalid: 'Introduce el código de 6 caracteres' } },
      timezone: { error: { invalid: 'Elige una zona horaria de la lista' } },
      card: {
        error: {
          number: 'Introduce un número de tarjeta válido',
          expiry: 'Introduce la fecha de caducidad con el formato MM/AA',
          expired: 'Esta tarjeta ha caducado',
          cvc: 'Introduce el código de seguridad de 3 o 4 dígitos',
          name: 'Introduce el nombre que figura en la tarjeta',
          token: 'Introduce los datos de tu tarjeta',
        },
      },
      select: {
        placeholder: 'Selecciona una opción',
        error: {
          required: 'Selecciona una opción',
          min: 'Selecciona al menos {{min}} opciones',
          max: 'Selecciona como máximo {{max}} opciones',
          between: 'Selecciona entre {{min}} y {{max}} opciones',
        },
      },
      file: {
        error: {
          required: 'Selecciona un archivo',
          excluded: 'No se aceptan archivos {{type}}',
        },
      },
      field: {
        first_name: 'Introduce tu nombre',
        last_name: 'Introduce tus apellidos',
        partner_name: 'Introduce el nombre del partner',
        email: 'Introduce tu correo electrónico',
        message: 'Introduce un mensaje',
        advertiser_name: 'Introduce el nombre del anunciante',
        password: 'Introduce tu contraseña',
        name: 'Introduce un nombre',
        scope: 'Elige al menos un permiso',
        not_allowed: 'El campo {{label}} no se puede cambiar aquí',
        support_days: 'Elige 1, 7, 14 o 30 días de acceso de soporte',
        support_days_alone: 'Indica la duración del acceso de soporte solo al activarlo',
      },
      apikey: {
        error: {
          ip_range: 'Introduce una dirección IP o un rango como 203.0.113.0/24',
          expiry: 'Elige una fecha de caducidad válida',
          expiry_range: 'Elige una caducidad entre mañana y dentro de {{days}} días',
        },
      },
    },
  },
};

export const FORM_MESSAGES: Record<Locale, DeepStrings<Catalogue>> = { en, es };

export type MessageParams = Record<string, string | number>;

// A zod message carries a catalogue key and its parameters: "key|{"min":8}".
const PARAM_SEPARATOR = '|';

export function encodeMessage(key: string, params?: MessageParams): string {
  return params ? `${key}${PARAM_SEPARATOR}${JSON.stringify(params)}` : key;
}

export function decodeMessage(message: string): { key: string; params: MessageParams } {
  const at = message.indexOf(PARAM_SEPARATOR);
  if (at < 0) return { key: message, params: {} };
  try {
    return {
      key: message.slice(0, at),
      params: JSON.parse(message.slice(at + 1)) as MessageParams,
    };
  } catch {
    return { key: message.slice(0, at), params: {} };
  }
}

export function lookupTemplate(locale: Locale, key: string): string | null {
  let node: unknown = FORM_MESSAGES[locale];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/**
 * Words an encoded validation message in `locale`, or returns null when it is not one of ours
 * (zod's own English defaults), so the caller can fall back to a generic message.
 */
export function translateFormMessage(locale: Locale, message: string, label = ''): string | null {
  const { key, params } = decodeMessage(message);
  const template = lookupTemplate(locale, key);
  if (template === null) return null;
  const values: MessageParams = { label, ...params };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
