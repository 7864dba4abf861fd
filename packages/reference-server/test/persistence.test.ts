/**
 * State that survives a restart (`--state FILE`): the whole state saved as one document and read
 * back, keys and ids answering as before and background work going on; a file that cannot be used
 * is a one-line error at start, never an empty server.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { vendor } from '@vendor-api/spec';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  keepState,
  lockPathOf,
  lockStateFile,
  type PersistedState,
  readStateFile,
  STATE_FILE_VERSION,
  saveState,
  snapshotState,
  stateText,
  writeStateFile,
} from '../src/persistence.js';
import { DREAM_BETAS, MODEL, setup } from './helpers.js';
import { field, runToEnd, server, startWithBanner, stop, stopStarted } from './processes.js';

const dir = mkdtempSync(join(tmpdir(), 'reference-server-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(stopStarted);
let files = 0;
const fileIn = () => join(dir, `state-${++files}.json`);

/** A server's state written to a file and read back, as a restart does. */
function saveAndRead(t: ReturnType<typeof setup>): PersistedState {
  const path = fileIn();
  writeStateFile(path, stateText(snapshotState(t.app.reference.state)));
  const read = readStateFile(path, t.app.reference.state.vendor.name);
  if (read === null) throw new Error('no state file');
  return read;
}

const batchBody = (id: string) => ({
  requests: [
    { custom_id: id, params: { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'Hi' }] } },
  ],
});

describe('the state as a document', () => {
  it('a restored server answers the old keys and ids, and mints new ids where the old one stopped', async () => {
    const before = setup({ timings: { batchProcessingMs: 60_000 } });
    const batch = (await before.call('POST', '/v1/messages/batches', { body: batchBody('a') })).json;
    const store = (await before.call('POST', '/_test/memory_stores', { body: { name: 'notes' } })).json;
    const session = (await before.call('POST', '/_test/sessions', { body: {} })).json;
    const dream = await before.call('POST', '/v1/dreams', {
      betas: DREAM_BETAS,
      body: {
        model: MODEL,
        inputs: [
          { type: 'memory_store', memory_store_id: store?.id },
          { type: 'sessions', session_ids: [session?.id] },
        ],
      },
    });
    expect(dream.status).toBe(200);
    const saved = saveAndRead(before);

    const after = setup({ restore: saved, seed: 'another seed' });
    expect(after.demo).toEqual(before.demo);
    const read = await after.call('GET', `/v1/messages/batches/${batch?.id}`);
    expect(read.json).toEqual((await before.call('GET', `/v1/messages/batches/${batch?.id}`)).json);
    expect((await after.call('GET', `/v1/dreams/${dream.json?.id}`, { betas: DREAM_BETAS })).json).toEqual(
      (await before.call('GET', `/v1/dreams/${dream.json?.id}`, { betas: DREAM_BETAS })).json,
    );
    // Both mint the same next id: the restored sequences go on from where they stood.
    const next = [before, after].map(
      async (t) => (await t.call('POST', '/v1/messages/batches', { body: batchBody('b') })).json?.id,
    );
    const [a, b] = await Promise.all(next);
    expect(b).toBe(a);
    expect(b).not.toBe(batch?.id);
  });

  it('background work goes on after a restore: a batch in progress ends on the clock', async () => {
    const before = setup({ timings: { batchProcessingMs: 60_000 } });
    const batch = (await before.call('POST', '/v1/messages/batches', { body: batchBody('a') })).json;
    const after = setup({ restore: saveAndRead(before), timings: { batchProcessingMs: 60_000 } });
    await after.advance(60_000);
    const ended = await after.call('GET', `/v1/messages/batches/${batch?.id}`);
    expect(ended.json?.processing_status).toBe('ended');
    const results = await after.call('GET', `/v1/messages/batches/${batch?.id}/results`);
    expect(JSON.parse(results.text.trim()).result.type).toBe('succeeded');
  });

  it('the clock of a restored server does not go back past the instant it was saved at', async () => {
    const before = setup();
    await before.advance(3_600_000);
    const savedAt = before.clock.now();
    const after = setup({ restore: saveAndRead(before) });
    expect(after.clock.now()).toBe(savedAt);
  });

  it('is written atomically, readable by its owner only, and replaced whole', () => {
    const path = fileIn();
    writeStateFile(path, 'first\n');
    writeStateFile(path, 'second\n');
    expect(readFileSync(path, 'utf8')).toBe('second\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('follows no link planted where its temporary file was named, and a file of another mode ends 0600', () => {
    const path = fileIn();
    writeFileSync(path, 'old\n', { mode: 0o644 });
    const target = join(dir, `target-${files}`);
    writeFileSync(target, 'not a state\n', { mode: 0o644 });
    // The name the temporary file had before it was random: a link there is someone else's.
    const planted = join(dir, `.${basename(path)}.${process.pid}.tmp`);
    symlinkSync(target, planted);
    writeStateFile(path, 'secret\n');
    expect(readFileSync(target, 'utf8')).toBe('not a state\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(readFileSync(path, 'utf8')).toBe('secret\n');
    expect(lstatSync(path).isFile()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    rmSync(planted);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a file that cannot be used is a one-line error naming it; no file is a first start', () => {
    const t = setup();
    const good = JSON.parse(stateText(snapshotState(t.app.reference.state))) as Record<string, unknown>;
    const name = t.app.reference.state.vendor.name;
    const withText = (text: string) => {
      const path = fileIn();
      writeFileSync(path, text);
      return path;
    };
    expect(readStateFile(join(dir, 'absent.json'), name)).toBeNull();
    const cases: [string, RegExp][] = [
      ['{"version": 1, "vendor": "vend', /is not JSON/],
      ['[]', /has no version/],
      [
        JSON.stringify({ ...good, version: STATE_FILE_VERSION + 1 }),
        /has version 2; this release reads version 1/,
      ],
      [
        JSON.stringify({ ...good, store: { ...(good.store as object), apiKeys: 'none' } }),
        /damaged: store.apiKeys/,
      ],
      [
        JSON.stringify({ ...good, vendor: 'acme' }),
        /saved by a server for vendor "acme"; start it with --vendor acme/,
      ],
    ];
    for (const [text, message] of cases) {
      const path = withText(text);
      const error = (() => {
        try {
          readStateFile(path, name);
        } catch (e) {
          return e as Error;
        }
        return null;
      })();
      expect(error?.message).toMatch(message);
      expect(error?.message).toContain(path);
      expect(error?.message).not.toContain('\n');
    }
    // A directory is no file to read.
    expect(() => readStateFile(dir, name)).toThrow(/cannot read the state file/);
  });
});

/** The error a call throws, or null. */
function thrown(call: () => unknown): Error | null {
  try {
    call();
  } catch (e) {
    return e as Error;
  }
  return null;
}

/** A server holding about `mb` megabytes of records (memory stores), put straight into its store. */
function largeState(mb: number) {
  const t = setup();
  const { store, demo } = t.app.reference.state;
  const memory = 'm'.repeat(10_000);
  for (let i = 0; i < mb * 100; i++) {
    store.memoryStores.put({
      id: `memstore_${i}`,
      organizationId: demo.organizationId,
      workspaceId: null,
      name: `store ${i}`,
      description: null,
      createdAt: 0,
      archivedAt: null,
      deletedAt: null,
      populatedBy: null,
      memories: [memory],
    });
  }
  return t;
}

/** Whether a value is a whole state document (what a save serializes at once). */
const isDocument = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'store' in value && 'ids' in value;

describe('saving a large state', () => {
  it('is done off the request path: requests are answered while it is written, and it reads back whole', async () => {
    const t = largeState(20);
    const path = fileIn();
    const before = t.app.reference.state.ids.position().counters.request ?? 0;
    const saving = saveState(t.app.reference.state, path);
    let done = false;
    void saving.then(() => {
      done = true;
    });
    let answered = 0;
    // Bounded: a save of 20 MB takes far fewer turns than this.
    for (let i = 0; i < 100_000 && !done; i++) {
      const res = await t.call('GET', '/_test/clock');
      expect(res.status).toBe(200);
      answered++;
    }
    await saving;
    expect(answered).toBeGreaterThan(0);
    const read = readStateFile(path, t.app.reference.state.vendor.name);
    expect(read?.store.memoryStores).toHaveLength(2000);
    // The id sequences are read after the last record: they count the requests answered meanwhile.
    expect(read?.ids.counters.request ?? 0).toBeGreaterThan(before);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('an idle server serializes nothing: only a request starts a save', async () => {
    const t = largeState(5);
    const path = fileIn();
    keepState(t.app, path, { intervalMs: 10 });
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      // Many intervals pass with no request.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stringify.mock.calls.filter(([value]) => isDocument(value))).toEqual([]);
      // A request: the next interval writes it.
      const created = await t.call('POST', '/_test/memory_stores', { body: { name: 'after' } });
      for (let i = 0; i < 200; i++) {
        const saved = readStateFile(path, t.app.reference.state.vendor.name);
        if (saved?.store.memoryStores.some((s) => (s as { id: string }).id === created.json?.id)) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const saved = readStateFile(path, t.app.reference.state.vendor.name);
      expect(saved?.store.memoryStores.map((s) => (s as { id: string }).id)).toContain(created.json?.id);
    } finally {
      stringify.mockRestore();
      await t.app.close();
    }
  }, 60_000);
});

describe('a damaged state file', () => {
  it('is refused at start with one line naming the file and the field', () => {
    const t = setup();
    const name = t.app.reference.state.vendor.name;
    const good = JSON.parse(stateText(snapshotState(t.app.reference.state))) as PersistedState;
    const [counter] = Object.keys(good.ids.counters);
    const [workspace] = good.store.workspaces as Record<string, unknown>[];
    const cases: [string, unknown, RegExp][] = [
      [
        'a key with only an id',
        { ...good, store: { ...good.store, apiKeys: [{ id: 'x' }] } },
        /store\.apiKeys\[0\]\.kind/,
      ],
      [
        'a negative id counter',
        { ...good, ids: { ...good.ids, counters: { ...good.ids.counters, [String(counter)]: -1 } } },
        new RegExp(`ids\\.counters\\.${counter}: `),
      ],
      [
        'a workspace without its organization',
        { ...good, store: { ...good.store, workspaces: [{ ...workspace, organizationId: undefined }] } },
        /store\.workspaces\[0\]\.organizationId/,
      ],
      ['an instant no timestamp can write', { ...good, savedAt: 1e16 }, /savedAt: /],
      ['a record that is no object', { ...good, usage: [null] }, /usage\[0\]: /],
    ];
    for (const [what, doc, field] of cases) {
      const path = fileIn();
      writeFileSync(path, JSON.stringify(doc));
      const error = thrown(() => readStateFile(path, name));
      expect(error?.name, what).toBe('StateFileError');
      expect(error?.message, what).toContain(`the state file ${path} is damaged: `);
      expect(error?.message, what).toMatch(field);
      expect(error?.message, what).not.toContain('\n');
    }
  });
});

describe('one server per state file', () => {
  it('a file locked by a running process is refused with one line naming the file, the pid and the lock', () => {
    const path = fileIn();
    const lock = lockStateFile(path);
    expect(readFileSync(lockPathOf(path), 'utf8')).toBe(`${process.pid}\n`);
    expect(statSync(lockPathOf(path)).mode & 0o777).toBe(0o600);
    const error = thrown(() => lockStateFile(path));
    expect(error?.name).toBe('StateFileError');
    expect(error?.message).toContain(
      `the state file ${path} is in use by another server (pid ${process.pid})`,
    );
    expect(error?.message).toContain(lockPathOf(path));
    expect(error?.message).not.toContain('\n');
    lock.release();
    expect(existsSync(lockPathOf(path))).toBe(false);
    lockStateFile(path).release();
  });

  it('the lock of a process that no longer runs is taken over; one being written is not', () => {
    const path = fileIn();
    const ended = spawnSync(process.execPath, ['-e', '']);
    expect(ended.pid).toBeGreaterThan(0);
    writeFileSync(lockPathOf(path), `${ended.pid}\n`);
    const lock = lockStateFile(path);
    expect(readFileSync(lockPathOf(path), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    // No pid yet: a server is between creating its lock and writing it.
    writeFileSync(lockPathOf(path), '');
    expect(thrown(() => lockStateFile(path))?.message).toMatch(/is in use by another server:/);
    expect(readdirSync(dir).filter((f) => f.includes('.lock.'))).toEqual([]);
  });
});

describe('--state FILE, as a user runs the server', () => {
  it('a second server on the same file stops with one line and exit code 2; the first keeps it', async () => {
    const path = fileIn();
    const first = await startWithBanner(...server('--port', '0', '--state', path), { group: false });
    const second = await runToEnd(...server('--port', '0', '--state', path));
    expect(second.code).toBe(2);
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    expect(second.stderr).toMatch(
      new RegExp(`the state file ${path} is in use by another server \\(pid \\d+\\)`),
    );
    expect(second.stdout).not.toMatch(/base URL/);
    expect(existsSync(lockPathOf(path))).toBe(true);
    expect(await stop(first.child)).toBe(0);
    expect(existsSync(lockPathOf(path))).toBe(false);
  }, 120_000);

  it('start, create, stop, start again: the old key and ids answer; without --state it says in memory', async () => {
    const path = fileIn();
    const first = await startWithBanner(...server('--port', '0', '--state', path), { group: false });
    expect(first.banner).toMatch(new RegExp(`^state:\\s+kept in ${path}`, 'm'));
    const key = field(first.banner, 'workspace key');
    const headers = (banner: string) => ({
      'content-type': 'application/json',
      [vendor.headers.version]: vendor.apiVersion,
      'x-api-key': key,
      // No connection kept open: a stop is not held up by an idle keep-alive socket.
      connection: 'close',
      base: field(banner, 'base URL'),
    });
    const post = async (banner: string, body: unknown) => {
      const { base, ...h } = headers(banner);
      return fetch(`${base}/v1/messages/batches`, { method: 'POST', headers: h, body: JSON.stringify(body) });
    };
    const created = (await (await post(first.banner, batchBody('kept'))).json()) as { id: string };
    expect(await stop(first.child)).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const second = await startWithBanner(...server('--port', '0', '--state', path), { group: false });
    expect(field(second.banner, 'workspace key')).toBe(key);
    const { base, ...h } = headers(second.banner);
    const read = await fetch(`${base}/v1/messages/batches/${created.id}`, { headers: h });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: string }).id).toBe(created.id);
    expect(await stop(second.child)).toBe(0);

    const help = await runToEnd(...server('--help'));
    expect(help.stdout).toMatch(/--state FILE[\s\S]*in memory/);
    const inMemory = await startWithBanner(...server('--port', '0'), { group: false });
    expect(inMemory.banner).toMatch(/^state:\s+in memory/m);
  }, 120_000);

  it('a corrupt state file stops the start with one line and exit code 2, and is left as it was', async () => {
    const path = fileIn();
    writeFileSync(path, '{"version": 1, "demo": ');
    const failed = await runToEnd(...server('--port', '0', '--state', path));
    expect(failed.code).toBe(2);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed.stderr).toContain(`the state file ${path} is not JSON`);
    expect(failed.stdout).not.toMatch(/base URL/);
    expect(readFileSync(path, 'utf8')).toBe('{"version": 1, "demo": ');
    expect(existsSync(path)).toBe(true);
  }, 60_000);
});
