/**
 * orval with its fetch client: one function per operation, header parameters as an argument, and
 * the project's fetch function (`orval-fetch.ts`) as the mutator that adds the base URL and the
 * credential; orval reads no security schemes.
 */
import { batchBody, dreamBody, messageBody, sessionBody } from './bodies.js';
import type { Connect, Reply } from './calls.js';
import {
  type DreamModel,
  dreamsCreate,
  dreamsRetrieve,
  type MessagesCreateHeaders,
  messagesBatchesCreate,
  messagesBatchesResults,
  messagesBatchesRetrieve,
  messagesCreate,
  sessionsCreate,
} from './client/client.js';
import { configure, type OrvalOptions } from './orval-fetch.js';

type Version = MessagesCreateHeaders['vendor-version'];

/** What an orval call answers: the status with `data`, or with `stream` for JSON lines. */
const reply = async (r: { status: number } & ({ data: unknown } | { stream: Response })): Promise<Reply> => ({
  status: r.status,
  body: 'stream' in r ? await r.stream.text() : r.data,
});

export const connect: Connect = ({ baseUrl, apiKey, version }) => {
  configure({ baseUrl, headers: { 'x-api-key': apiKey } });
  const headers = { 'vendor-version': version as Version };
  return {
    createMessage: async (inputs) => reply(await messagesCreate(messageBody(inputs), headers)),
    createBatch: async (inputs) => reply(await messagesBatchesCreate(batchBody(inputs), headers)),
    retrieveBatch: async (batchId) => reply(await messagesBatchesRetrieve(batchId, headers)),
    // The results operation's server is `results_url`: this call's base URL.
    batchResults: async (resultsUrl) => {
      const options: OrvalOptions = { baseUrl: resultsUrl };
      return reply(await messagesBatchesResults(headers, options));
    },
    createSession: async (inputs) =>
      reply(await sessionsCreate(sessionBody(inputs), { ...headers, 'vendor-beta': inputs.sessionBetas })),
    createDream: async (inputs, sessionId) =>
      reply(
        await dreamsCreate(dreamBody(inputs.model as DreamModel, inputs, sessionId), {
          ...headers,
          'vendor-beta': inputs.dreamBetas,
        }),
      ),
    retrieveDream: async (inputs, dreamId) =>
      reply(await dreamsRetrieve(dreamId, { ...headers, 'vendor-beta': inputs.dreamBetas })),
  };
};
