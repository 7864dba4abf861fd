/**
 * Hostile servers for the security tests: each answers every request in one broken way (an answer
 * that drips for ever, a body without end, a control API that never answers). They listen on
 * 127.0.0.1 only, and `close` ends every connection they hold.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hostile {
  readonly url: string;
  /** Requests received, by method and path. */
  readonly seen: string[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, stop: (fn: () => void) => void) => void;

export async function hostileServer(handler: Handler): Promise<Hostile> {
  const seen: string[] = [];
  const stops = new Set<() => void>();
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handler(req, res, (fn) => {
      stops.add(fn);
      res.on('close', () => {
        stops.delete(fn);
        fn();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stop of stops) stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Headers at once, then one byte of body every `everyMs`, for ever. */
export const drip =
  (everyMs = 200): Handler =>
  (_req, res, stop) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const timer = setInterval(() => res.write(' '), everyMs);
    stop(() => clearInterval(timer));
  };

/** Headers at once, then a body without end, as fast as the reader takes it. */
export const endless: Handler = (_req, res, stop) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let stopped = false;
  stop(() => {
    stopped = true;
  });
  const pump = () => {
    while (!stopped && res.write(chunk));
    if (!stopped) res.once('drain', pump);
  };
  res.write('[');
  pump();
};

/** Never answers: the request is read and held. */
export const silent: Handler = (_req, _res, stop) => stop(() => undefined);

/** `GET /` answered at once (the suite's first look), every other request dripped. */
export const goodRootThenDrip: Handler = (req, res, stop) => {
  if (req.url === '/') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"type":"error"}');
    return;
  }
  drip()(req, res, stop);
};
