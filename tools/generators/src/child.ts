/**
 * The scenario's calls through a driver in another language: the driver is a program started once
 * with the connection on its first line of standard input; each call is one JSON line in
 * (`{"call": name, "args": [...]}`) and one line out (`{"status", "body"}` or `{"error"}`).
 * Python, Go and Java drivers all speak it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Calls, Connection, Reply } from './calls.js';

/** Standard error kept from a driver, for the message when it ends early. */
const STDERR_CAP = 64 * 1024;

export function childCalls(
  command: string,
  args: readonly string[],
  cwd: string,
  connection: Connection,
): Calls & { close(): void } {
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < STDERR_CAP) stderr += chunk.toString();
  });
  let spawnError: Error | undefined;
  child.on('error', (e) => {
    spawnError = e;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  child.stdin.on('error', () => {});
  child.stdin.write(`${JSON.stringify(connection)}\n`);
  const call = async (name: keyof Calls, ...callArgs: unknown[]): Promise<Reply> => {
    child.stdin.write(`${JSON.stringify({ call: name, args: callArgs })}\n`);
    const next = await lines.next();
    if (next.done) {
      const why = spawnError?.message ?? stderr.trim().split('\n').slice(-3).join(' ');
      throw new Error(`the driver ended: ${why}`);
    }
    const answer = JSON.parse(next.value) as Reply & { error?: string };
    if (answer.error !== undefined) throw new Error(answer.error);
    return { status: answer.status, body: answer.body };
  };
  return {
    createMessage: (inputs) => call('createMessage', inputs),
    createBatch: (inputs) => call('createBatch', inputs),
    retrieveBatch: (batchId) => call('retrieveBatch', batchId),
    batchResults: (resultsUrl) => call('batchResults', resultsUrl),
    createSession: (inputs) => call('createSession', inputs),
    createDream: (inputs, sessionId) => call('createDream', inputs, sessionId),
    retrieveDream: (inputs, dreamId) => call('retrieveDream', inputs, dreamId),
    close: () => {
      child.stdin.end();
      child.kill();
    },
  };
}
