/**
 * @hey-api/openapi-ts with its fetch client: one function per operation. The client sends a
 * credential for every security scheme of an operation its `auth` callback answers; the
 * operations that take a workspace key or an access token list both as alternatives, so the
 * callback answers the API key scheme alone (a plain string would go out as both headers).
 */

import { batchBody, dreamBody, messageBody, sessionBody } from './bodies.js';
import type { Connect, Reply } from './calls.js';
import { createClient } from './client/client/index.js';
import {
  dreamsCreate,
  dreamsRetrieve,
  messagesBatchesCreate,
  messagesBatchesResults,
  messagesBatchesRetrieve,
  messagesCreate,
  sessionsCreate,
} from './client/sdk.gen.js';
import type { DreamModel, MessagesCreateData } from './client/types.gen.js';

type Version = MessagesCreateData['headers']['vendor-version'];

/** What a hey-api call answers: `data` on success, `error` otherwise, and the response. */
const reply = (r: { response: Response; data?: unknown; error?: unknown }): Reply => ({
  status: r.response.status,
  body: r.data ?? r.error,
});

export const connect: Connect = ({ baseUrl, apiKey, version }) => {
  const client = createClient({
    baseUrl,
    auth: (scheme) => (scheme.type === 'apiKey' ? apiKey : undefined),
  });
  const headers = { 'vendor-version': version as Version };
  return {
    createMessage: async (inputs) =>
      reply(await messagesCreate({ client, headers, body: messageBody(inputs) })),
    createBatch: async (inputs) =>
      reply(await messagesBatchesCreate({ client, headers, body: batchBody(inputs) })),
    retrieveBatch: async (batchId) =>
      reply(await messagesBatchesRetrieve({ client, headers, path: { message_batch_id: batchId } })),
    // The results operation's server is `results_url`: the call's base URL.
    batchResults: async (resultsUrl) =>
      reply(await messagesBatchesResults({ client, headers, baseUrl: resultsUrl, parseAs: 'text' })),
    createSession: async (inputs) =>
      reply(
        await sessionsCreate({
          client,
          headers: { ...headers, 'vendor-beta': inputs.sessionBetas },
          body: sessionBody(inputs),
        }),
      ),
    createDream: async (inputs, sessionId) =>
      reply(
        await dreamsCreate({
          client,
          headers: { ...headers, 'vendor-beta': inputs.dreamBetas },
          body: dreamBody(inputs.model as DreamModel, inputs, sessionId),
        }),
      ),
    retrieveDream: async (inputs, dreamId) =>
      reply(
        await dreamsRetrieve({
          client,
          headers: { ...headers, 'vendor-beta': inputs.dreamBetas },
          path: { dream_id: dreamId },
        }),
      ),
  };
};
