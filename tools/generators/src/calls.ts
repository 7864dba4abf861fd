/**
 * What the matrix asks of a driver: the calls of its scenario, each made through one generated
 * client. A driver (`drivers/<generator>.ts`) is written as a user of that generator would write
 * it; it is compiled beside the client the generator just wrote, so this file is copied there too
 * and must stay free of imports.
 */

/** Where the server is and what every call carries. */
export interface Connection {
  readonly baseUrl: string;
  /** A workspace API key: the one credential every call of the scenario sends. */
  readonly apiKey: string;
  /** The value of the version header (its name is the generated client's). */
  readonly version: string;
}

/** What a call answered: the status and the body as the client parsed it. */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** What a call of the scenario sends, besides the credential and the version header. */
export interface Inputs {
  /** A model the messages, batches and dreams accept. */
  readonly model: string;
  /** The `custom_id`s of the batch's requests. */
  readonly customIds: readonly string[];
  /** The beta header value of the session and dream operations. */
  readonly sessionBetas: string;
  readonly dreamBetas: string;
  /** A memory store of the workspace (made through test control). */
  readonly memoryStoreId: string;
}

/** The scenario's calls, in the order the matrix makes them. */
export interface Calls {
  createMessage(inputs: Inputs): Promise<Reply>;
  createBatch(inputs: Inputs): Promise<Reply>;
  retrieveBatch(batchId: string): Promise<Reply>;
  /** The batch results operation at `results_url`; the body as text (JSON lines). */
  batchResults(resultsUrl: string): Promise<Reply>;
  createSession(inputs: Inputs): Promise<Reply>;
  createDream(inputs: Inputs, sessionId: string): Promise<Reply>;
  retrieveDream(inputs: Inputs, dreamId: string): Promise<Reply>;
}

/** A driver module's one export. */
export type Connect = (connection: Connection) => Calls;
