import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('the billing provider settings', () => {
  it('default to the local ledger, which needs no account', () => {
    expect(load({}).billing).toEqual({ system: 'local', chargebee: null });
  });

  it("build Chargebee's API v2 address from the site, or take CHARGEBEE_URL as it is", () => {
    expect(load({ BILLING_SYSTEM: 'chargebee', CHARGEBEE_SITE: 'acme-test', CHARGEBEE_API_KEY: 'test_key' }).billing).toEqual({
      system: 'chargebee',
      chargebee: { baseUrl: 'https://acme-test.chargebee.com/api/v2', apiKey: 'test_key', timeoutMs: 10_000 },
    });
    const local = load({ BILLING_SYSTEM: 'chargebee', CHARGEBEE_URL: 'http://127.0.0.1:8080/api/v2/', CHARGEBEE_API_KEY: 'k', CHARGEBEE_TIMEOUT_MS: '2500' }).billing.chargebee;
    expect(local).toEqual({ baseUrl: 'http://127.0.0.1:8080/api/v2', apiKey: 'k', timeoutMs: 2500 });
  });

  it('stop the start with a clear message when a setting is missing or wrong', () => {
    expect(() => load({ BILLING_SYSTEM: 'stripe' })).toThrow("BILLING_SYSTEM must be local or chargebee, not 'stripe'");
    expect(() => load({ BILLING_SYSTEM: 'chargebee', CHARGEBEE_SITE: 'acme' })).toThrow('BILLING_SYSTEM=chargebee needs CHARGEBEE_API_KEY');
    expect(() => load({ BILLING_SYSTEM: 'chargebee', CHARGEBEE_API_KEY: 'k' })).toThrow('BILLING_SYSTEM=chargebee needs CHARGEBEE_SITE (or CHARGEBEE_URL)');
    expect(() => load({ BILLING_SYSTEM: 'chargebee', CHARGEBEE_API_KEY: 'k', CHARGEBEE_SITE: 'evil.example/x' })).toThrow(/CHARGEBEE_SITE must be the site's name/);
    expect(() => load({ BILLING_SYSTEM: 'chargebee', CHARGEBEE_API_KEY: 'k', CHARGEBEE_URL: 'ftp://x' })).toThrow(/CHARGEBEE_URL must be an http\(s\) URL/);
    expect(() => load({ BILLING_SYSTEM: 'chargebee', CHARGEBEE_API_KEY: 'k', CHARGEBEE_SITE: 'acme', CHARGEBEE_TIMEOUT_MS: '0' })).toThrow(/CHARGEBEE_TIMEOUT_MS must be above 0/);
  });
});
