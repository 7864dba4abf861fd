/**
 * The real network's HTTPS GET, against a local TLS server: it connects only to the address it is
 * given (the one the URL rules approved, never a second lookup), sends SNI for the URL's host, and
 * trusts `ca_cert_pem` for a private CA (JWKS-CA-CERT-PEM). The URL rules themselves are tested
 * with virtual hosts; here the address is handed in directly, as the key-set code does after
 * `validateFetchUrl`. Needs the openssl binary to make a certificate.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realNetwork } from '../../src/federation/network.js';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const HOST = 'idp.acme-corp.com';

describe.skipIf(!hasOpenssl())('real network over TLS', () => {
  let server: Server;
  let port = 0;
  let cert = '';

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fed-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        `/CN=${HOST}`,
        '-addext',
        `subjectAltName=DNS:${HOST}`,
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: req.url, host: req.headers.host }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches from the pinned address, trusting the private CA', async () => {
    const res = await realNetwork.get(`https://${HOST}:${port}/jwks.json`, {
      addresses: ['127.0.0.1'],
      caCertPem: cert,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ path: '/jwks.json', host: `${HOST}:${port}` });
  });

  it('refuses the certificate without ca_cert_pem', async () => {
    await expect(
      realNetwork.get(`https://${HOST}:${port}/jwks.json`, { addresses: ['127.0.0.1'] }),
    ).rejects.toThrow();
  });

  it('refuses to connect without an approved address', async () => {
    await expect(
      realNetwork.get(`https://${HOST}:${port}/`, { addresses: [], caCertPem: cert }),
    ).rejects.toThrow();
  });
});
