/**
 * Every exported helper is usable with what the package exports: this file imports only the
 * package entry (no internal module), names every option type it passes, and runs each helper.
 * A helper whose parameters need an unexported type would not compile here.
 */
import { readFileSync } from 'node:fs';
import { vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  type CoreOptions,
  type CredentialResolution,
  type EnvironmentInputs,
  type FederationSettings,
  FederationTokenProvider,
  type FederationTokenProviderOptions,
  HttpCore,
  listProfiles,
  type PageFetcher,
  type PaginationDescriptor,
  Paginator,
  type ProfileListing,
  type ResolveOptions,
  resolveCredentials,
  SecretRegistry,
  type TokenExchangeBody,
  type TokenExchangeResponse,
  VERSION,
  VendorClient,
} from '../../src/index.js';
import { tempDir } from '../helpers/client.js';

const ORG = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('the exported helpers, with exported types alone', () => {
  it('resolveCredentials and listProfiles take and return exported types', async () => {
    const options: ResolveOptions = {
      vendor,
      env: { [vendor.env.apiKey]: 'sk-exported-api' },
      configDir: tempDir(),
    };
    const resolution: CredentialResolution = resolveCredentials(options);
    expect(resolution.outcome).toBe('resolved');
    const inputs: EnvironmentInputs = { vendor, env: {}, configDir: tempDir() };
    const listing: ProfileListing = await listProfiles(inputs);
    expect(listing.names).toEqual([]);
  });

  it('FederationTokenProvider needs no internal type (its secret registry is optional)', async () => {
    const bodies: TokenExchangeBody[] = [];
    const settings: FederationSettings = {
      federation_rule_id: 'fdrl_exported',
      service_account_id: 'svac_exported',
      organization_id: ORG,
      workspace_id: null,
      identity_token: { source: 'literal', token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
    };
    const options: FederationTokenProviderOptions = {
      settings,
      exchange: async (body) => {
        bodies.push(body);
        const response: TokenExchangeResponse = {
          access_token: `${vendor.prefixes.accessToken}exported`,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'workspace:developer',
        };
        return response;
      },
    };
    const provider = new FederationTokenProvider(options);
    expect(await provider.getToken()).toBe(`${vendor.prefixes.accessToken}exported`);
    expect(bodies[0]?.federation_rule_id).toBe('fdrl_exported');
    // With a registry of one's own, the secrets it handled are redacted from messages.
    const secrets = new SecretRegistry();
    await new FederationTokenProvider({ ...options, secrets }).getToken();
    expect(secrets.redact(`got ${vendor.prefixes.accessToken}exported`)).not.toContain('exported');
  });

  it('HttpCore and Paginator take exported option types', async () => {
    const options: CoreOptions = {
      baseURL: 'http://127.0.0.1:9',
      vendor,
      auth: async () => ({ credential: { kind: 'none' } }),
    };
    expect(new HttpCore(options).baseURL).toBe('http://127.0.0.1:9');
    const fetchPage: PageFetcher<{ data: number[]; has_more: boolean }> = async () => ({
      data: [1, 2],
      has_more: false,
    });
    const seen: number[] = [];
    const pagination: PaginationDescriptor = { style: 'none' };
    for await (const n of new Paginator<number, { data: number[]; has_more: boolean }>(pagination, fetchPage))
      seen.push(n);
    expect(seen).toEqual([1, 2]);
  });

  it("VERSION is the package's version", () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(version);
  });

  it('CRED-NAMED-PROFILE-MISSING-ERROR: a named profile that does not exist wins over a missing base URL', () => {
    const make = () => new VendorClient({ env: { [vendor.env.profile]: 'absent' }, configDir: tempDir() });
    expect(make).toThrow(ConfigurationError);
    try {
      make();
    } catch (error) {
      expect((error as ConfigurationError).code).toBe('profile_not_found');
    }
    // With no profile named and none found, the missing base URL is still what is reported.
    expect(
      () => new VendorClient({ env: { [vendor.env.apiKey]: 'sk-exported-api' }, configDir: tempDir() }),
    ).toThrow(/No base URL/);
  });
});
