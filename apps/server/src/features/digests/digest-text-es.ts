import type { DigestText } from './digest-text-en';

/** Spanish digest wording (tú), key for key the English one (digest-text-en.ts). */
export const DIGEST_TEXT_ES: DigestText = {
  frequency: { daily: 'diario', weekdays: 'diario', weekly: 'semanal', monthly: 'mensual' },
  heading: {
    daily: 'Informe diario',
    weekdays: 'Informe diario',
    weekly: 'Informe semanal',
    monthly: 'Informe mensual',
  },
  schedule: {
    daily: 'cada día',
    weekdays: 'de lunes a viernes',
    weekly: 'cada lunes',
    monthly: 'el día 1 de cada mes',
  },
  subject: ({ frequency, account, revenue, change }) =>
    `Tu informe ${frequency} de ${account}: ingresos de ${revenue}${change ? ` (${change})` : ''}`,
  greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  intro: (previous) =>
    `Así han evolucionado tus cifras respecto al periodo anterior (${previous}).`,
  metrics: {
    impressions: 'Impresiones',
    clicks: 'Clics',
    conversions: 'Conversiones',
    revenue: 'Ingresos',
    payout: 'Pagos',
  },
  noPrevious: 'Sin periodo anterior',
  plusBadge: 'Plus',
  marginLabel: 'Margen (ingresos − pagos)',
  topHeading: {
    advertiser: 'Principales anunciantes por ingresos',
    campaign: 'Principales campañas por ingresos',
  },
  topColumn: { advertiser: 'Anunciante', campaign: 'Campaña' },
  topEmpty: {
    advertiser: 'No hay anunciantes que mostrar en este periodo.',
    campaign: 'No hay campañas que mostrar en este periodo.',
  },
  unnamed: '(sin nombre)',
  insightsHeading: 'Qué ha cambiado',
  action: 'Abrir tu panel',
  footer: ({ account, schedule }) =>
    `Recibes este correo porque tienes activado el resumen de informes de ${account}, que se envía ${schedule}.`,
  attachment: ({ truncated, max }) =>
    truncated
      ? `Se adjuntan en un archivo CSV las primeras ${max} filas del periodo; tu panel las tiene todas.`
      : 'Se adjuntan en un archivo CSV las filas del periodo.',
  unsubscribe: 'Date de baja',
};
