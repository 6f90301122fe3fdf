import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './server-config';

describe('billing configuration', () => {
  it('runs the test-mode checkout with no key set, and PayPal when its keys are set', () => {
    expect(loadConfig({}).billing).toEqual({
      planOverrides: {},
      testMode: true,
      paypal: undefined,
      stripe: { secretKey: undefined, webhookSecrets: [], pricingTable: undefined },
    });
    const live = loadConfig({
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_MODE: 'live',
    }).billing;
    expect(live.testMode).toBe(false);
    expect(live.paypal).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      mode: 'live',
      apiBaseUrl: 'https://api-m.paypal.com',
      timeoutMs: 20_000,
    });
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }).billing.paypal?.apiBaseUrl).toBe(
      'https://api-m.sandbox.paypal.com',
    );
    expect(loadConfig({ PAYMENT_TEST_MODE: 'false' }).billing.testMode).toBe(false);
  });

  it('refuses half or conflicting payment settings, naming the variables', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both/,
    );
    expect(() =>
      loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYMENT_TEST_MODE: 'true' }),
    ).toThrow(/PAYMENT_TEST_MODE: cannot be true/);
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk' })).toThrow(/STRIPE_PRICING_TABLE_ID: set both/);
    expect(() => loadConfig({ PAYPAL_API_BASE_URL: 'http://paypal.example' })).toThrow(
      /PAYPAL_API_BASE_URL: must be an https/,
    );
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_a, whsec_b' }).billing.stripe.webhookSecrets).toEqual([
      'whsec_a',
      'whsec_b',
    ]);
  });

  it('reads plan changes from PLANS_JSON or PLANS_FILE and names what is wrong', () => {
    const plans = {
      professional: { price: 79.5, max_videos: 250, stripe_price_id: 'price_1' },
      free: { max_videos: 5 },
    };
    expect(loadConfig({ PLANS_JSON: JSON.stringify(plans) }).billing.planOverrides).toEqual(plans);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plans-')), 'plans.json');
    fs.writeFileSync(file, JSON.stringify({ starter: { name: 'Solo' } }));
    expect(loadConfig({ PLANS_FILE: file }).billing.planOverrides).toEqual({ starter: { name: 'Solo' } });

    const bad: [Record<string, string>, RegExp][] = [
      [{ PLANS_JSON: '{not json' }, /PLANS_JSON: not valid JSON/],
      [{ PLANS_JSON: '{"gold":{}}' }, /PLANS_JSON/],
      [{ PLANS_JSON: '{"starter":{"price":-1}}' }, /PLANS_JSON\.starter\.price/],
      [
        { PLANS_JSON: '{"starter":{"price":9.999}}' },
        /PLANS_JSON\.starter\.price: must have at most two decimals/,
      ],
      [
        { PLANS_JSON: '{"starter":{"price":0}}' },
        /PLANS_JSON\.starter\.price: a paid plan must cost more than 0/,
      ],
      [{ PLANS_JSON: '{"free":{"price":5}}' }, /PLANS_JSON\.free\.price: the free plan costs 0/],
      [{ PLANS_JSON: '{"starter":{"currency":"JPY"}}' }, /PLANS_JSON\.starter\.currency/],
      [{ PLANS_JSON: '{"starter":{"videos":3}}' }, /PLANS_JSON\.starter/],
      [{ PLANS_FILE: '/nonexistent/plans.json' }, /PLANS_FILE: cannot read/],
      [{ PLANS_FILE: file, PLANS_JSON: '{}' }, /PLANS_JSON, PLANS_FILE: set one/],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
