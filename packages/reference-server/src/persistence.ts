/**
 * State that survives a restart (`--state FILE`, opt-in): the whole server state (keys and access
 * tokens included) as one JSON document, written atomically (a temporary file of a random name in the same
 * directory, created 0600 since it holds secrets, flushed, renamed over the file, the directory
 * flushed) at an interval after a request and when the server closes, and read back at start.
 *
 * `snapshotState` is the one place the state becomes a document and `restoreState` the one place
 * it comes back: every table of the store and of the federation, the demo organization, where
 * each id sequence stands, and the clock. What is derived (the schedule of background work, the
 * enqueued-request counts) is computed again from the records. The document carries a `version`:
 * a later release reads older versions through `MIGRATIONS`. A file that cannot be read, is not
 * JSON, has another version or does not match the schema of a state document
 * (`state-file-schema.ts`) is an error at start naming the file and the field, never an empty
 * server.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isMovableClock, ManualClock } from './clock.js';
import { type FederationState, federationOf } from './federation/store.js';
import { batchEnqueuedChanged } from './message-batches/enqueued.js';
import { scheduleBatch } from './message-batches/lifecycle.js';
import type { Demo, ServerState } from './state.js';
import { stateFileProblem } from './state-file-schema.js';
import { createMemoryStore, type Store, type Table, type UsageRecord } from './store.js';

/** The version of the document this release writes. */
export const STATE_FILE_VERSION = 1;

/** How often a changed state is written (besides when the server closes). */
export const STATE_SAVE_INTERVAL_MS = 5_000;

/** The tables of the store, by name: each saved as its records in insertion order. */
const STORE_TABLES = [
  'organizations',
  'workspaces',
  'apiKeys',
  'dreams',
  'batches',
  'memoryStores',
  'sessions',
  'sessionResources',
  'files',
  'users',
  'workspaceMembers',
  'rateLimitOverrides',
] as const satisfies readonly (keyof Store)[];

/** The tables of the federation (its key-set cache and network are not state). */
const FEDERATION_TABLES = [
  'issuers',
  'rules',
  'serviceAccounts',
  'accessTokens',
] as const satisfies readonly (keyof FederationState)[];

/** The document a state file holds. */
export interface PersistedState {
  readonly version: typeof STATE_FILE_VERSION;
  /** The vendor name the keys, prefixes and models were minted for. */
  readonly vendor: string;
  /** The clock's instant when it was saved (ms since the epoch). */
  readonly savedAt: number;
  /** The id generator: its seed and where each sequence stands. */
  readonly ids: { readonly seed: string; readonly counters: Readonly<Record<string, number>> };
  readonly demo: Demo;
  readonly store: Readonly<Record<(typeof STORE_TABLES)[number], readonly unknown[]>>;
  readonly usage: readonly UsageRecord[];
  readonly federation: Readonly<Record<(typeof FEDERATION_TABLES)[number], readonly unknown[]>>;
}

/** A `Map` in a record (a batch's processed results) as JSON, and back. */
const MAP_TAG = '$map';
const replacer = (_key: string, value: unknown) =>
  value instanceof Map ? { [MAP_TAG]: [...value.entries()] } : value;
const reviver = (_key: string, value: unknown) =>
  typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[MAP_TAG])
    ? new Map((value as Record<string, [string, unknown][]>)[MAP_TAG])
    : value;

/** The records of some tables, by table name. */
const recordsOf = <N extends string>(
  tables: Readonly<Record<N, { values(): unknown[] }>>,
  names: readonly N[],
): Record<N, unknown[]> =>
  Object.fromEntries(names.map((t) => [t, tables[t].values()])) as Record<N, unknown[]>;

/** The whole state as a document. */
export function snapshotState(state: ServerState): PersistedState {
  const { store } = state;
  const federation = federationOf(state);
  return {
    version: STATE_FILE_VERSION,
    vendor: state.vendor.name,
    savedAt: state.clock.now(),
    ids: state.ids.position(),
    demo: state.demo,
    store: recordsOf(store, STORE_TABLES),
    usage: store.organizations.values().flatMap((o) => store.usage.group(o.id)),
    federation: recordsOf(federation, FEDERATION_TABLES),
  };
}

/** A document as the text of a state file. */
export const stateText = (saved: PersistedState): string => `${JSON.stringify(saved, replacer)}\n`;

/** The last creation sequence number the records hold (the store continues after it). */
function lastSeq(saved: PersistedState): number {
  let last = 0;
  for (const records of Object.values(saved.store))
    for (const r of records) last = Math.max(last, Number((r as { seq?: unknown }).seq) || 0);
  return last;
}

/** A store holding the records of a document. */
export function restoreStore(saved: PersistedState): Store {
  const store = createMemoryStore(lastSeq(saved));
  for (const t of STORE_TABLES) {
    const table = store[t] as Table<{ readonly id: string }>;
    for (const record of saved.store[t]) table.put(record as { readonly id: string });
  }
  for (const record of saved.usage) store.usage.add(record);
  return store;
}

/**
 * The rest of a document restored into a server built on its store: the federation tables, the
 * schedule of background work, the enqueued-request counts, and a movable clock brought forward
 * to the instant it was saved at (it never goes back).
 */
export function restoreState(state: ServerState, saved: PersistedState): void {
  const federation = federationOf(state);
  for (const t of FEDERATION_TABLES) {
    const table = federation[t] as Table<{ readonly id: string }>;
    for (const record of saved.federation[t]) table.put(record as { readonly id: string });
  }
  for (const record of state.store.batches.values()) {
    scheduleBatch(state, record);
    batchEnqueuedChanged(state, record, 0);
  }
  for (const record of state.store.dreams.values()) {
    for (const at of [record.startAt, record.finishAt])
      if (at !== null) state.schedule.add(at, 'dream', record.id);
  }
  const behind = saved.savedAt - state.clock.now();
  if (behind > 0 && isMovableClock(state.clock)) {
    if (state.clock instanceof ManualClock) state.clock.set(saved.savedAt);
    else state.clock.advance(behind);
  }
}

/** Migrations from older document versions, by version: each returns the next version's document. */
const MIGRATIONS: Readonly<Record<number, (doc: Record<string, unknown>) => Record<string, unknown>>> = {};

/** Why a state file cannot be used: one line, naming the file. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/**
 * The document of a state file, migrated to this release's version; null when there is no file
 * (a first start). Throws `StateFileError` on anything else it cannot use.
 */
export function readStateFile(path: string, vendor: string): PersistedState | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`);
  }
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text, reviver) as Record<string, unknown>;
  } catch (error) {
    throw new StateFileError(
      `the state file ${path} is not JSON (${(error as Error).message}); move it away to start empty`,
    );
  }
  if (typeof doc !== 'object' || doc === null || typeof doc.version !== 'number')
    throw new StateFileError(`the state file ${path} has no version: not a state file of this server`);
  for (let v = doc.version; v < STATE_FILE_VERSION; v++) {
    const migrate = MIGRATIONS[v];
    if (migrate === undefined) break;
    doc = migrate(doc);
  }
  if (doc.version !== STATE_FILE_VERSION) {
    throw new StateFileError(
      `the state file ${path} has version ${String(doc.version)}; this release reads version ${STATE_FILE_VERSION}`,
    );
  }
  // Every field the server reads, checked before any is read (state-file-schema.ts).
  const problem = stateFileProblem(doc);
  if (problem !== null) throw new StateFileError(`the state file ${path} is damaged: ${problem}`);
  if (doc.vendor !== vendor) {
    throw new StateFileError(
      `the state file ${path} was saved by a server for vendor ${JSON.stringify(doc.vendor)}; start it with --vendor ${String(doc.vendor)}`,
    );
  }
  return doc as unknown as PersistedState;
}

/** The lock file of a state file: beside it, holding the pid of the server that keeps it. */
export const lockPathOf = (path: string): string => `${path}.lock`;

/** A state file locked by this process (`lockStateFile`). */
export interface StateFileLock {
  readonly path: string;
  /** Removes the lock file, if it is still this process's. */
  release(): void;
}

/** Whether a process of this pid is running (one of another user's included). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** The pid a lock file holds; null when it holds none (being written, or damaged). */
function lockHolder(lock: string): number | null {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8');
  } catch {
    return null;
  }
  return /^\d+\n?$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * Locks a state file for this process: a lock file beside it, created exclusively (`O_EXCL`) and
 * holding this process's pid. A second server on the same file is a `StateFileError` (two
 * servers on one file mint the same ids for different records, and only one's survive); the lock
 * of a process that is no longer running (killed) is taken over.
 */
export function lockStateFile(path: string): StateFileLock {
  const lock = lockPathOf(path);
  const mine = `${process.pid}\n`;
  // Bounded: a stale lock is taken over once; a lock taken meanwhile by another server stays its.
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST')
        throw new StateFileError(`cannot lock the state file ${path} (${lock}): ${(error as Error).message}`);
      const holder = lockHolder(lock);
      if (holder === null || holder === process.pid || processAlive(holder)) {
        const who = holder === null ? 'another server' : `another server (pid ${holder})`;
        throw new StateFileError(
          `the state file ${path} is in use by ${who}: stop it or choose another --state file (its lock ${lock} may be removed when no server runs)`,
        );
      }
      takeOver(lock, holder);
      continue;
    }
    try {
      writeSync(fd, mine);
    } finally {
      closeSync(fd);
    }
    return {
      path: lock,
      release() {
        if (lockHolder(lock) === process.pid) rmSync(lock, { force: true });
      },
    };
  }
  throw new StateFileError(`cannot lock the state file ${path}: its lock ${lock} keeps changing`);
}

/**
 * Removes the lock of a process that no longer runs. Moved aside first under a random name, so
 * that a lock another server made meanwhile is not removed: it is put back instead.
 */
function takeOver(lock: string, stale: number): void {
  const aside = `${lock}.${randomBytes(8).toString('hex')}`;
  try {
    renameSync(lock, aside);
  } catch {
    return;
  }
  if (lockHolder(aside) === stale) rmSync(aside, { force: true });
  else {
    try {
      linkSync(aside, lock);
    } catch {
      // Another lock is there now: the one moved aside is gone.
    }
    rmSync(aside, { force: true });
  }
}

/** A temporary file beside `path`, under a name from the cryptographic random source. */
const temporaryPathOf = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${randomBytes(12).toString('hex')}.tmp`);

/** Created exclusively (never through a link planted there), for writing. */
const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Flushes a directory, so that a rename in it survives a crash (not every platform allows it). */
function flushDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // A directory that cannot be opened for flushing: the rename is still atomic.
  }
}

/**
 * Writes a file atomically, readable by its owner only: a temporary file in the same directory
 * under a name from the cryptographic random source, created exclusively (`O_EXCL`, never through
 * a link planted there) with mode 0600, then renamed over the file.
 */
export function writeStateFile(path: string, text: string): void {
  const tmp = temporaryPathOf(path);
  const fd = openSync(tmp, EXCLUSIVE, 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(tmp, path);
  flushDirectory(dirname(path));
}

/** How long the serialization of a state runs before what waits on the server gets a turn (ms). */
const SAVE_SLICE_MS = 8;
/** How much serialized text is gathered before it is written (bytes of text). */
const SAVE_WRITE_CHUNK = 1 << 20;

/**
 * The text of a state file written to `handle` a few records at a time, off the request path: the
 * records as they stand when it starts (each serialized when its turn comes), the id sequences and
 * the clock after the last record, so that no record written holds an id the sequences would mint
 * again. Every `SAVE_SLICE_MS` of work, and while each chunk is written, requests are answered.
 */
async function writeStateText(state: ServerState, handle: FileHandle): Promise<void> {
  const { store } = state;
  const federation = federationOf(state);
  const groups = {
    store: recordsOf(store, STORE_TABLES),
    federation: recordsOf(federation, FEDERATION_TABLES),
  };
  const usage = store.organizations.values().flatMap((o) => store.usage.group(o.id));
  let parts: string[] = [];
  let gathered = 0;
  let sliceStart = performance.now();
  const put = async (text: string) => {
    parts.push(text);
    gathered += text.length;
    if (gathered >= SAVE_WRITE_CHUNK) await flush();
    else if (performance.now() - sliceStart >= SAVE_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  };
  const flush = async () => {
    const text = parts.join('');
    parts = [];
    gathered = 0;
    await handle.write(text);
    sliceStart = performance.now();
  };
  const list = async (records: readonly unknown[]) => {
    await put('[');
    for (const [i, record] of records.entries())
      await put(`${i === 0 ? '' : ','}${JSON.stringify(record, replacer)}`);
    await put(']');
  };
  await put(
    `{"version":${STATE_FILE_VERSION},"vendor":${JSON.stringify(state.vendor.name)},"demo":${JSON.stringify(state.demo)}`,
  );
  for (const [group, tables] of Object.entries(groups)) {
    await put(`,${JSON.stringify(group)}:{`);
    for (const [i, [name, records]] of Object.entries(tables).entries()) {
      await put(`${i === 0 ? '' : ','}${JSON.stringify(name)}:`);
      await list(records);
    }
    await put('}');
  }
  await put(',"usage":');
  await list(usage);
  await put(
    `,"savedAt":${JSON.stringify(state.clock.now())},"ids":${JSON.stringify(state.ids.position())}}\n`,
  );
  await flush();
}

/**
 * Writes a server's state to a file atomically, readable by its owner only (as `writeStateFile`),
 * off the request path: serialized a few records at a time and written as it goes (`writeStateText`).
 */
export async function saveState(state: ServerState, path: string): Promise<void> {
  const tmp = temporaryPathOf(path);
  const handle = await open(tmp, EXCLUSIVE, 0o600);
  try {
    await writeStateText(state, handle);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(tmp, path);
  flushDirectory(dirname(path));
}

/**
 * Keeps a server's state in a file: written now (a file that cannot be written is a
 * `StateFileError` at start), every `intervalMs` when a request came since the last write (only a
 * request changes the state: its id, its records, the background work it catches up on), and
 * when the server closes. An idle server does no work; a write runs off the request path
 * (`saveState`), one at a time. A write that fails is reported through `warn` and tried again at
 * the next interval.
 */
export function keepState(
  app: FastifyInstance,
  path: string,
  options: { readonly intervalMs?: number; readonly warn?: (message: string) => void } = {},
): void {
  const { state } = app.reference;
  try {
    writeStateFile(path, stateText(snapshotState(state)));
  } catch (error) {
    throw new StateFileError(`cannot write the state file ${path}: ${(error as Error).message}`);
  }
  /** Whether a request came since the last write began. */
  let changed = false;
  /** The write under way, if any. */
  let saving: Promise<void> | null = null;
  const markChanged = (_request: unknown, _reply: unknown, done: () => void) => {
    changed = true;
    done();
  };
  // When it starts (its id is minted) and when it is answered (its changes are made).
  app.addHook('onRequest', markChanged);
  app.addHook('onResponse', markChanged);
  const save = (): Promise<void> => {
    changed = false;
    saving = saveState(state, path)
      .catch((error: unknown) => {
        changed = true;
        (options.warn ?? console.error)(`cannot write the state file ${path}: ${(error as Error).message}`);
      })
      .finally(() => {
        saving = null;
      });
    return saving;
  };
  const timer = setInterval(() => {
    if (changed && saving === null) void save();
  }, options.intervalMs ?? STATE_SAVE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await saving;
    await save();
  });
}
