import { z } from 'zod';
import { optionalString, optionalUrl } from './env-values';
import { DEFAULT_SIGMA_ACCOUNT_TYPE, DEFAULT_SIGMA_PLUS_TEAM } from './sigma';

/**
 * The variables of the outside services the server can use in place of its built-in ones:
 * Stripe for the card processor, Sigma for the analytics, and an AI endpoint for the insights'
 * summary (config/providers.ts turns them into settings). Part of EnvSchema (env.ts).
 */
export const providerVariables = {
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_/.test(v), {
    message: 'must be a Stripe secret or restricted key (sk_… or rk_…)',
  }),
  STRIPE_PUBLISHABLE_KEY: optionalString.refine((v) => v === undefined || v.startsWith('pk_'), {
    message: 'must be a Stripe publishable key (pk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || v.startsWith('whsec_'), {
    message: 'must be a webhook signing secret (whsec_…)',
  }),
  STRIPE_PRICES: optionalString,
  // A Stripe-compatible API elsewhere (tests point it at a local fake of Stripe's API).
  STRIPE_API_BASE: optionalUrl(['http:', 'https:']),
  SIGMA_EMBED_CLIENT_ID: optionalString,
  SIGMA_EMBED_SECRET: optionalString,
  SIGMA_ORG_SLUG: optionalString,
  SIGMA_BASE_URL: z
    .string()
    .optional()
    .default('https://app.sigmacomputing.com')
    .refine((v) => URL.canParse(v), { message: 'must be a URL' }),
  SIGMA_API_BASE: optionalUrl(['http:', 'https:']),
  SIGMA_API_CLIENT_ID: optionalString,
  SIGMA_API_SECRET: optionalString,
  SIGMA_WORKBOOKS: optionalString,
  SIGMA_ACCOUNT_TYPE: z.string().trim().min(1).optional().default(DEFAULT_SIGMA_ACCOUNT_TYPE),
  SIGMA_PLUS_TEAM: z.string().trim().min(1).optional().default(DEFAULT_SIGMA_PLUS_TEAM),
  SIGMA_EMBED_TTL_SECONDS: z.coerce
    .number()
    .int()
    // Sigma refuses a token living longer than 30 days.
    .min(60)
    .max(2_592_000)
    .optional()
    .default(3600),
  // The insights' optional AI summary: an OpenAI-compatible chat endpoint (Ollama, llama.cpp,
  // vLLM, LM Studio) and the model to ask; the key only if the endpoint wants one.
  AI_BASE_URL: optionalUrl(['http:', 'https:']),
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  AI_API_KEY: optionalString,
  // The insights' volume gates, as JSON: any of impressions, clicks, conversions, money and
  // moneyShare (docs/insights.md); the rest keep their defaults.
  INSIGHT_VOLUME_FLOORS: optionalString
    .transform((text, context) => {
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .strictObject({
          impressions: z.number().min(0).optional(),
          clicks: z.number().min(0).optional(),
          conversions: z.number().min(0).optional(),
          money: z.number().min(0).optional(),
          moneyShare: z.number().min(0).max(1).optional(),
        })
        .optional(),
    ),
};
