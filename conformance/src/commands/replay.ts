/** `vendor-conformance replay TRACE`: re-runs the requests of a failure trace against a target. */
import { UsageError } from '@vendor-api/spec/cli';
import { loadTrace, replay as replayTrace, UnsafeTraceError } from '../replay.js';
import { type Command, settingsFrom, TARGET_HELP, TARGET_OPTS, type Values } from './common.js';
import { resolveTarget } from './target.js';

async function commandReplay(values: Values, [tracePath]: readonly string[]): Promise<number> {
  if (!tracePath) throw new UsageError('replay needs the path of a trace file');
  let trace: Awaited<ReturnType<typeof loadTrace>>;
  try {
    trace = await loadTrace(tracePath);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read the trace ${tracePath}: ${reason}`);
  }
  const resolved = await resolveTarget(values, trace.seed);
  try {
    let r: Awaited<ReturnType<typeof replayTrace>>;
    try {
      r = await replayTrace(trace, resolved.target, resolved.adapter, {
        timeoutMs: settingsFrom(values).timeoutMs,
      });
    } catch (error) {
      if (error instanceof UnsafeTraceError)
        throw new UsageError(`cannot replay ${tracePath}: ${error.message}`);
      throw error;
    }
    console.log(
      r.fixed
        ? `fixed: ${trace.caseId} — ${r.message}`
        : `still failing: ${trace.caseId} at step ${r.step}: ${r.message}`,
    );
    return r.fixed ? 0 : 1;
  } finally {
    await resolved.close();
  }
}

export const replay: Command = {
  synopsis: 'replay TRACE',
  summary: ['re-run a failure trace; says fixed or still failing'],
  help: `Usage: vendor-conformance replay TRACE [options]

Re-runs the requests of a failure trace (written by run) against a target. A trace is data: its
requests go to the target's base URL only (a trace naming another place is refused before
anything is sent), with the credentials of the options, never ones the trace holds.

${TARGET_HELP}

Exit codes: 0 fixed, 1 still failing, 2 usage, configuration or connection error.`,
  options: TARGET_OPTS,
  args: 1,
  run: commandReplay,
};
