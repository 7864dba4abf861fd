/**
 * A conformance case: a stable id, the requirement ids it checks, the capabilities it needs, and
 * a `run` that drives the target through its context. Property and model-based cases run fast-check
 * inside `run` through `ctx.property` / `ctx.commands`, which keep the seed, the path and the trace
 * of the minimal failing run.
 */
import type { OperationId, ResponseBodyOf, VendorSpec } from '@vendor-api/spec';
import fc from 'fast-check';
import { type Adapter, need, type Target, type Workspace } from './adapter.js';
import type { Capability } from './capabilities.js';
import {
  type Auth,
  type CallOptions,
  CheckFailure,
  Http,
  type Response,
  type UncheckedCallOptions,
} from './http.js';
import { movesClock, type Need, namedCapabilities } from './needs.js';
import { type Observations, Observer } from './observed.js';
import { type FixtureStep, Recorder, type Step } from './trace.js';

export interface CaseDefinition<Id extends string = string> {
  /** Stable id: `<family>.<what>` in kebab-case (`dreams.cancel-completed-is-400`). */
  readonly id: Id;
  readonly family: string;
  readonly title: string;
  /** Requirement ids (from the spec's catalog) this case checks. */
  readonly requirements: readonly string[];
  /**
   * What the case needs from the adapter: capabilities it cannot run without (skipped, with the
   * reason, when the adapter lacks one), and those it uses when it can and otherwise does without
   * on the wall clock (`orRealTime`: it polls instead of driving, lets real time pass instead of
   * moving the clock).
   */
  readonly needs?: readonly Need[];
  run(ctx: CaseContext): Promise<void>;
}

/** A case, its id kept as a literal type (so tables that name cases are checked against them). */
export function defineCase<const Id extends string>(definition: CaseDefinition<Id>): CaseDefinition<Id> {
  return definition;
}

/** The ids of some cases (a family's `cases`): a table naming a case they do not have does not compile. */
export type CaseIdOf<C extends readonly CaseDefinition[]> = C[number]['id'];

export interface RunSettings {
  readonly seed: number;
  /** fast-check runs for property and model cases. */
  readonly numRuns: number;
  readonly timeoutMs: number;
  /**
   * How long one wait for the server's own progress may take (a batch to end, a dream to leave
   * `pending` or to end) where the adapter cannot drive it (`--max-wait`; default
   * `DEFAULT_MAX_WAIT_MS`).
   */
  readonly maxWaitMs?: number;
}

/** What a failed case knows: enough to reproduce it in one command. */
export interface FailureDetail {
  readonly message: string;
  readonly step: number | null;
  readonly seed: number;
  readonly path?: string;
  readonly counterexample?: string;
  readonly steps: readonly Step[];
}

/**
 * A check of the suite's own policy where the documents are silent (an Unspecified item with an
 * `advisory`), that the server did not meet: reported, never deciding the verdict.
 */
export interface Advisory {
  /** The Unspecified id that leaves the answer open. */
  readonly unspecified: string;
  /** The suite's policy, as the spec states it. */
  readonly reason: string;
  /** What the server answered instead (the first time). */
  readonly message: string;
  /** How many checks of the case it was. */
  readonly count: number;
}

/**
 * A fault of the suite itself, not of the server (a case that uses what its needs do not declare):
 * the case is skipped with the reason, never failed, so no server is judged for it; the suite's own
 * tests and scores treat it as a failure of theirs.
 */
export class SuiteError extends Error {
  override readonly name = 'SuiteError';
  constructor(what: string) {
    super(`internal error of the suite, not of the server (please report it): ${what}`);
  }
}

/** The trace placeholder of the workspace key of a case's own workspace (`workspace()`). */
const WORKSPACE_KEY_2 = 'workspace_key_2';

export class CaseContext {
  /** Recorder of the current run (a property resets it per run; the failing one is kept). */
  recorder = new Recorder();
  http: Http;
  failure: FailureDetail | undefined;
  requests = 0;
  private readonly releases: Release[] = [];
  /** What the server answered every request of the case, over every run of its properties. */
  private readonly observer: Observer;
  /** Advisory checks the server did not meet, by Unspecified id. */
  private readonly advised = new Map<string, Advisory>();
  /** Requirements an advisory check that was not met leaves unobserved. */
  private readonly unearned = new Set<string>();
  /** Time spent in finished waits for the server's progress, and when the current one started. */
  private waitedTotalMs = 0;
  private waitStartedAt: number | null = null;

  constructor(
    readonly definition: CaseDefinition,
    readonly target: Target,
    readonly adapter: Adapter,
    readonly spec: VendorSpec,
    readonly settings: RunSettings,
  ) {
    this.http = new Http(target, this.recorder, { spec, timeoutMs: settings.timeoutMs });
    this.observer = new Observer(spec);
  }

  get vendor() {
    return this.spec.vendor;
  }

  /**
   * Calls an operation; the response is checked against the contract form of its schema (what the
   * documents require, open where they are silent); pass `false` to skip the check. Its path
   * parameters, query and body are typed by the operation's schemas in the spec.
   */
  call<K extends OperationId>(
    operationId: K,
    options: CallOptions<K> = {},
    schema = true,
  ): Promise<Response<ResponseBodyOf<K>>> {
    return this.http.call(operationId, options, schema);
  }

  /**
   * `call` with a request the operation's types do not admit: a negative input that breaks the
   * documented shape on purpose (a field dropped, a value of the wrong type or out of range).
   */
  callUnchecked<K extends OperationId>(
    operationId: K,
    options: UncheckedCallOptions,
    schema = true,
  ): Promise<Response<ResponseBodyOf<K>>> {
    return this.http.callUnchecked(operationId, options, schema);
  }

  /**
   * The success body of an answer, typed by its operation: the answer must be a 2xx whose body
   * `call` checked against the documented contract.
   */
  bodyOf<B>(res: Response<B>): B {
    if (!res.checked) throw new Error('bodyOf reads a body that call checked against the contract');
    // A success adds nothing to the trace; anything else fails as an unmet 2xx.
    if (res.status < 200 || res.status >= 300)
      this.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
    return res.body as B;
  }

  /** Asserts an exact status; for an error status also an error body, with `errorType` its type. */
  status(res: Response, status: number, options: { errorType?: string | null } = {}): void {
    this.http.expect(res, [{ kind: 'status', equals: status }]);
    if (status >= 400) {
      this.http.expect(res, [{ kind: 'error-body' }]);
      if (options.errorType)
        this.http.expect(res, [{ kind: 'field', pointer: '/error/type', equals: options.errorType }]);
    }
  }

  /** Asserts a 4xx with the error body (for what the documents give no exact status). */
  clientError(res: Response): void {
    this.http.expect(res, [{ kind: 'status-class', equals: '4xx' }, { kind: 'error-body' }]);
  }

  /** Asserts a field of the response body (JSON pointer). */
  field(res: Response, pointer: string, equals: unknown): void {
    this.http.expect(res, [{ kind: 'field', pointer, equals }]);
  }

  /**
   * Asserts the response body is the same data as an earlier response's (key order ignored,
   * timestamps as instants). `ignore`: pointers whose values may differ (per-answer noise, see
   * `noisePointers`); `unordered`: arrays whose order the documents do not state.
   */
  sameBody(
    res: Response,
    earlier: Response,
    options: { ignore?: readonly string[]; unordered?: boolean } = {},
  ): void {
    this.http.expect(res, [
      {
        kind: 'same-body-as',
        step: earlier.index,
        ...(options.ignore?.length ? { ignore: [...options.ignore] } : {}),
        ...(options.unordered ? { unordered: true } : {}),
      },
    ]);
  }

  /**
   * Runs a check of the suite's own policy where the documents are silent: the Unspecified item
   * (which must carry an `advisory`) leaves the answer open. A check not met is an advisory of the
   * result, not a failure; the requirements it would have observed are not credited.
   */
  async advisory(
    unspecifiedId: string,
    requirements: readonly string[],
    check: () => void | Promise<void>,
  ): Promise<void> {
    const item = this.spec.unspecified.find((u) => u.id === unspecifiedId);
    if (item?.advisory === undefined) throw new SuiteError(`${unspecifiedId} states no advisory policy`);
    try {
      await check();
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      const seen = this.advised.get(unspecifiedId);
      this.advised.set(unspecifiedId, {
        unspecified: unspecifiedId,
        reason: item.advisory,
        message: seen?.message ?? error.message,
        count: (seen?.count ?? 0) + 1,
      });
      for (const id of requirements) this.unearned.add(id);
    }
  }

  /** The advisory checks not met so far, and the requirements they leave unobserved. */
  advisories(): { readonly advisories: readonly Advisory[]; readonly unearned: ReadonlySet<string> } {
    return { advisories: [...this.advised.values()], unearned: this.unearned };
  }

  /** A failed check that is not about one response (an invariant over several). */
  fail(message: string): never {
    throw new CheckFailure(message, null);
  }

  /** Calls an adapter method of a capability, recording the call as a fixture step. */
  async fixture<K extends keyof Adapter>(
    capability: Capability,
    method: K,
    ...args: Parameters<Extract<NonNullable<Adapter[K]>, (...a: never[]) => unknown>>
  ): Promise<Awaited<ReturnType<Extract<NonNullable<Adapter[K]>, (...a: never[]) => unknown>>>> {
    // A case that moves a shared target's clock runs alone (cases running at once would see their
    // dreams and batches jump ahead): its needs say so, which the runner reads (`movesClock`).
    if (method === 'advanceClock' && !movesClock(this.definition.needs, this.adapter.capabilities))
      throw new SuiteError(`case ${this.definition.id} moved the clock, which its needs do not allow`);
    // Every capability a case uses is in its needs (a workspace for isolation and the clock of a
    // wait aside), so what it observes through one is known before it runs (`observedWith`).
    if (
      capability !== 'workspaces' &&
      capability !== 'clock' &&
      !namedCapabilities(this.definition.needs).has(capability)
    )
      throw new SuiteError(
        `case ${this.definition.id} used the capability ${capability}, which its needs do not name`,
      );
    const fn = need(this.adapter, capability, method) as unknown as (...a: unknown[]) => Promise<unknown>;
    const step = this.recorder.add<FixtureStep>({
      kind: 'fixture',
      call: String(method),
      args: this.recorder.portable(args),
      bind: {},
    });
    const result = await fn(...args);
    this.recorder.bindFrom(result, step.bind);
    step.result = this.recorder.portable(result);
    if (method === 'createWorkspace') this.afterCase(archiveWorkspace((result as Workspace).id));
    return result as never;
  }

  /**
   * Registers what the case gives back when it ends, so that a target shared by many cases and
   * runs stays as each case found it (a workspace counts toward its organization's cap of 100 until
   * it is archived). `release` runs them.
   */
  afterCase(release: Release): void {
    this.releases.push(release);
  }

  /** Gives back what the case registered, last first: untraced, and a refusal is not a failure. */
  async release(): Promise<void> {
    const http = new Http(this.target, new Recorder(), {
      spec: this.spec,
      timeoutMs: this.settings.timeoutMs,
    });
    for (const release of this.releases.splice(0).reverse()) await release(http).catch(() => undefined);
  }

  /** A fresh workspace (isolation) when the adapter can make one, else the target's workspace. */
  async workspace() {
    if (this.adapter.capabilities.has('workspaces') && this.adapter.createWorkspace) {
      const ws = await this.fixture(
        'workspaces',
        'createWorkspace',
        `conformance-${this.definition.id}`.slice(0, 60),
      );
      this.recorder.secret(ws.apiKey, WORKSPACE_KEY_2);
      return ws;
    }
    return this.target.workspace;
  }

  /** The credential of a workspace `workspace()` gave: the target's own key is `workspace`. */
  authOf(ws: Workspace): Auth {
    return ws.apiKey === this.target.workspace.apiKey
      ? 'workspace'
      : { apiKey: ws.apiKey, placeholder: WORKSPACE_KEY_2 };
  }

  /** What the server answered the case's requests so far. */
  observations(): Observations {
    this.observer.absorb(this.recorder.steps);
    return this.observer.observations;
  }

  private resetRecorder(): void {
    this.observer.absorb(this.recorder.steps);
    this.requests += this.recorder.requestCount;
    this.recorder = new Recorder();
    this.http = new Http(this.target, this.recorder, { spec: this.spec, timeoutMs: this.settings.timeoutMs });
  }

  /**
   * Runs an async property with the run's seed. Each run gets a fresh trace; the trace of the last
   * failing run (after shrinking: the minimal one) is kept with the seed and path.
   */
  async property<T>(
    arbitrary: fc.Arbitrary<T>,
    predicate: (value: T) => Promise<void>,
    options: { numRuns?: number } = {},
  ): Promise<void> {
    let failing: { steps: Step[]; message: string; step: number | null } | undefined;
    let suiteError: SuiteError | undefined;
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async (value) => {
        this.resetRecorder();
        try {
          await predicate(value);
        } catch (error) {
          if (error instanceof SuiteError) suiteError ??= error;
          failing = {
            steps: this.recorder.steps,
            message: (error as Error).message,
            step: error instanceof CheckFailure ? error.step : null,
          };
          throw error;
        }
      }),
      { seed: this.settings.seed, numRuns: options.numRuns ?? this.settings.numRuns, endOnFailure: false },
    );
    // Calls after the property go to a fresh trace (through a client that writes into it).
    this.resetRecorder();
    // A fault of the suite is not the server's, whatever run of the property met it.
    if (suiteError) throw suiteError;
    if (result.failed) {
      this.failure = {
        message: failing?.message ?? String(result.errorInstance),
        step: failing?.step ?? null,
        seed: result.seed,
        ...(result.counterexamplePath ? { path: result.counterexamplePath } : {}),
        counterexample: fc.stringify(
          result.counterexample?.length === 1 ? result.counterexample[0] : result.counterexample,
        ),
        steps: failing?.steps ?? [],
      };
      throw new PropertyFailure(this.failure.message);
    }
  }

  /** Whether the adapter has the capability (a case that can do without it asks this). */
  has(capability: Capability): boolean {
    return this.adapter.capabilities.has(capability);
  }

  /**
   * Runs a wait for the server's own progress (see `waitUntil`): its time is bounded by the run's
   * maximum wait, not by the case's timeout.
   */
  async waiting<T>(wait: () => Promise<T>): Promise<T> {
    if (this.waitStartedAt !== null) return wait();
    this.waitStartedAt = performance.now();
    try {
      return await wait();
    } finally {
      this.waitedTotalMs += performance.now() - this.waitStartedAt;
      this.waitStartedAt = null;
    }
  }

  /** Time spent waiting for the server's progress so far (the current wait included). */
  waitedMs(): number {
    return this.waitedTotalMs + (this.waitStartedAt === null ? 0 : performance.now() - this.waitStartedAt);
  }

  /** The steps recorded so far (for a failure outside a property). */
  currentSteps(): Step[] {
    return this.recorder.steps;
  }

  /** Total requests the case made. */
  requestCount(): number {
    return this.requests + this.recorder.requestCount;
  }
}

/** What a case gives back when it ends, through a client of the target that records nothing. */
export type Release = (http: Http) => Promise<unknown>;

/** Archives a workspace of the target's organization (with its admin key). */
export const archiveWorkspace =
  (id: string): Release =>
  (http) =>
    http.call('organizations.workspaces.archive', { path: { workspace_id: id }, auth: 'admin' }, false);

/** Thrown by `property` after it recorded the failure detail. */
export class PropertyFailure extends Error {
  override readonly name = 'PropertyFailure';
}
