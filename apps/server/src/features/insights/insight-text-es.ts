import type { InsightText } from './insight-text-en';

// The device and channel values the imports use (embed.values.* on the web), as Spanish words;
// any other value is named as it is.
const DEVICES: Record<string, string> = {
  desktop: 'en ordenador',
  mobile: 'en móvil',
  tablet: 'en tableta',
};
const CHANNELS: Record<string, string> = {
  search: 'de búsqueda',
  social: 'de redes sociales',
  display: 'display',
  video: 'de vídeo',
  email: 'de correo electrónico',
};

/** Spanish insight wording (tú), key for key the English one (insight-text-en.ts). */
export const INSIGHT_TEXT_ES: InsightText = {
  metrics: {
    revenue: 'Ingresos',
    payout: 'Pagos',
    margin: 'Margen',
    clicks: 'Clics',
    conversions: 'Conversiones',
    impressions: 'Impresiones',
  },
  segment: ({ name, device, country, channel }) =>
    [
      name ?? 'el tráfico',
      device && (DEVICES[device.toLowerCase()] ?? `en el dispositivo ${device}`),
      country && `en ${country}`,
      channel && `por el canal ${CHANNELS[channel.toLowerCase()] ?? channel}`,
    ]
      .filter(Boolean)
      .join(' '),
  ofSegment: (phrase) => (phrase.startsWith('el ') ? ` del ${phrase.slice(3)}` : ` de ${phrase}`),
  anomaly: ({ metric, segment, value, day, delta, expected, weekday }) =>
    `${metric}${segment}: ${value} el ${day}, ${delta} frente a los ${expected} habituales de un ${weekday}.`,
  shift: ({ metric, segment, delta, day, days, expected }) =>
    `${metric}${segment}: ${delta} respecto a lo normal desde el ${day} (${days} de los últimos 7 días; un día suele dejar ${expected}).`,
  mover: ({ metric, segment, value, delta, expected }) =>
    `${metric}${segment}: ${value} en los últimos 7 días, ${delta} frente a los 7 anteriores (${expected}).`,
  driver: ({ metric, delta, value, expected }) =>
    `${metric}: ${delta} semana contra semana (${value}, frente a ${expected}).`,
  explained: ({ share, segments }) =>
    `El ${share} se explica por ${INSIGHT_TEXT_ES.list(segments)}.`,
  pace: ({ metric, value, low, high, delta }) =>
    `${metric}: a este ritmo, ${value} este mes (${low}–${high})${delta ? `, ${delta} respecto al mes pasado` : ''}.`,
  list: (items) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`,
};
