import fs from 'node:fs';
import { z } from 'zod';
import { PLAN_IDS } from '@reelcraft/contract';
import { booleanFromEnv, commaList, httpsOrLoopbackUrl } from './env-schema-helpers';

/**
 * The plans, payment and card-provider settings (docs/decisions/008-quota-and-payments.md), read
 * with the rest of the environment by server-config.ts: README.md documents every variable.
 */

/**
 * Currencies priced in hundredths: amounts are kept in minor units (cents) and sent to the
 * providers with two decimals, which zero-decimal currencies (JPY, KRW...) would reject.
 */
export const TWO_DECIMAL_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'SGD',
  'HKD',
  'MXN',
  'BRL',
  'ILS',
  'PHP',
  'THB',
] as const;

const priceSchema = z
  .number()
  .nonnegative()
  .max(1_000_000)
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'must have at most two decimals',
  );

/** What configuration may change of one plan; the ids are fixed (the contract names them). */
const planOverrideSchema = z.strictObject({
  name: z.string().min(1).max(80).optional(),
  description: z.string().max(500).optional(),
  price: priceSchema.optional(),
  currency: z.enum(TWO_DECIMAL_CURRENCIES).optional(),
  period_days: z.number().int().min(1).max(3660).optional(),
  max_videos: z.number().int().min(0).max(1_000_000).optional(),
  features: z.array(z.string().min(1).max(200)).max(30).optional(),
  stripe_price_id: z.string().min(1).max(255).nullable().optional(),
  /** What its subscribers may keep stored, in MB (docs/decisions/033); 0 refuses every upload. */
  storage_mb: z.number().int().min(0).max(100_000_000).optional(),
});
export type PlanOverride = z.infer<typeof planOverrideSchema>;

const planOverridesSchema = z
  .partialRecord(z.enum(['free', ...PLAN_IDS]), planOverrideSchema)
  .superRefine((plans, context) => {
    if (plans.free?.price !== undefined && plans.free.price !== 0) {
      context.addIssue({ code: 'custom', path: ['free', 'price'], message: 'the free plan costs 0' });
    }
    for (const id of PLAN_IDS) {
      if (plans[id]?.price === 0) {
        context.addIssue({
          code: 'custom',
          path: [id, 'price'],
          message: 'a paid plan must cost more than 0',
        });
      }
    }
  });
export type PlanOverrides = z.infer<typeof planOverridesSchema>;

/** Spread into server-config.ts's environment schema. */
export const billingEnvShape = {
  PLANS_JSON: z.string().min(2).optional(),
  PLANS_FILE: z.string().min(1).optional(),
  PAYMENT_TEST_MODE: booleanFromEnv.optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  // Plain http only for a server on this machine (a fake provider in tests).
  PAYPAL_API_BASE_URL: httpsOrLoopbackUrl.optional(),
  PAYPAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: commaList.default([]),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_PRICING_TABLE_ID: z.string().min(1).optional(),
};

type BillingEnv = z.output<z.ZodObject<typeof billingEnvShape>>;

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  mode: 'sandbox' | 'live';
  /** Orders v2 REST base, e.g. https://api-m.sandbox.paypal.com. */
  apiBaseUrl: string;
  timeoutMs: number;
}

export interface BillingConfig {
  /** Changes to the built-in plans (PLANS_JSON or PLANS_FILE), already validated. */
  planOverrides: PlanOverrides;
  /**
   * The built-in test-mode checkout plays the order provider's part: no money moves. On by default
   * only when PayPal is not configured.
   */
  testMode: boolean;
  paypal?: PaypalConfig;
  stripe: {
    secretKey?: string;
    /** One secret per webhook endpoint registered with Stripe; a signature may match any. */
    webhookSecrets: string[];
    /** Both set: the embedded pricing table is shown. */
    pricingTable?: { publishableKey: string; pricingTableId: string };
  };
}

const PAYPAL_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

function describeIssues(variable: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => `${variable}${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`)
    .join('\n  ');
}

function readPlanOverrides(env: BillingEnv, fail: (message: string) => never): PlanOverrides {
  if (env.PLANS_JSON && env.PLANS_FILE) fail('PLANS_JSON, PLANS_FILE: set one of them, not both');
  const variable = env.PLANS_FILE ? 'PLANS_FILE' : 'PLANS_JSON';
  let text: string | undefined = env.PLANS_JSON;
  if (env.PLANS_FILE) {
    try {
      text = fs.readFileSync(env.PLANS_FILE, 'utf8');
    } catch (error) {
      fail(`PLANS_FILE: cannot read ${env.PLANS_FILE} (${(error as Error).message})`);
    }
  }
  if (text === undefined) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fail(`${variable}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = planOverridesSchema.safeParse(data);
  if (!parsed.success) fail(describeIssues(variable, parsed.error));
  return parsed.data;
}

/** Builds the billing part of the configuration; `fail` throws the ConfigError naming the variable. */
export function readBillingConfig(env: BillingEnv, fail: (message: string) => never): BillingConfig {
  const planOverrides = readPlanOverrides(env, fail);

  if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
    fail('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both to take PayPal payments, or neither');
  }
  const paypal: PaypalConfig | undefined =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? {
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          mode: env.PAYPAL_MODE,
          apiBaseUrl: (env.PAYPAL_API_BASE_URL ?? PAYPAL_BASE_URLS[env.PAYPAL_MODE]).replace(/\/+$/, ''),
          timeoutMs: env.PAYPAL_TIMEOUT_SECONDS * 1000,
        }
      : undefined;
  // Real keys and a fake checkout at once would leave it unclear whether money moves: refuse.
  if (paypal && env.PAYMENT_TEST_MODE === true) {
    fail('PAYMENT_TEST_MODE: cannot be true while PAYPAL_CLIENT_ID is set (remove one of them)');
  }

  if (Boolean(env.STRIPE_PUBLISHABLE_KEY) !== Boolean(env.STRIPE_PRICING_TABLE_ID)) {
    fail('STRIPE_PUBLISHABLE_KEY, STRIPE_PRICING_TABLE_ID: set both to show the pricing table, or neither');
  }

  return {
    planOverrides,
    testMode: paypal ? false : (env.PAYMENT_TEST_MODE ?? true),
    paypal,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecrets: env.STRIPE_WEBHOOK_SECRET,
      pricingTable:
        env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_PRICING_TABLE_ID
          ? { publishableKey: env.STRIPE_PUBLISHABLE_KEY, pricingTableId: env.STRIPE_PRICING_TABLE_ID }
          : undefined,
    },
  };
}
