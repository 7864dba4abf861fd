/** Test clients: isolated from the machine's environment and configuration directory. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { type ClientOptions, VendorClient } from '../../src/client.js';

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = 'vendor-client-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export const API_KEY = 'sk-vendor-api03-TESTKEY-abcdefghijklmnop';
export const ADMIN_KEY = 'sk-vendor-admin01-ADMINKEY-qrstuvwxyz';

/** A client on `baseURL` with no retry delays, an empty environment and a fresh config dir. */
export function testClient(baseURL: string, options: ClientOptions = {}): VendorClient {
  return new VendorClient({
    baseURL,
    env: {},
    configDir: tempDir(),
    backoff: { initialMs: 1, maxMs: 5 },
    validation: 'off',
    ...options,
  });
}
