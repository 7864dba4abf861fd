/**
 * The real network's HTTPS GET, against a local TLS server: it connects only to the address it is
 * given (the one the URL rules approved, never a second lookup), sends SNI for the URL's host, and
 * trusts `ca_cert_pem` for a private CA (JWKS-CA-CERT-PEM). The URL rules themselves are tested
 * with virtual hosts; here the address is handed in directly, as the key-set code does after
 * `validateFetchUrl`. Needs the openssl binary to make a certificate.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realNetwork } from '../../src/federation/network.js';
import { hasOpenssl, selfSignedCertificate } from './tls.js';

const HOST = 'idp.acme-corp.com';

describe.skipIf(!hasOpenssl())('real network over TLS', () => {
  let server: Server;
  let port = 0;
  let cert = '';

  beforeAll(async () => {
    const pair = selfSignedCertificate(HOST);
    cert = pair.cert;
    server = createServer({ key: pair.key, cert }, (req, res) => {
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
