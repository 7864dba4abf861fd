/**
 * openapi-typescript + openapi-fetch: types of every path from the document, one client whose
 * default headers carry the credential, and each call by its documented path.
 */
import createClient from 'openapi-fetch';
import { batchBody, dreamBody, messageBody, sessionBody } from './bodies.js';
import type { Connect, Reply } from './calls.js';
import type { components, paths } from './client/schema.js';

type Version = paths['/v1/messages']['post']['parameters']['header']['vendor-version'];
type DreamModel = components['schemas']['DreamModel'];

/** What openapi-fetch answers: `data` on success, `error` otherwise, and the response. */
const reply = (r: { response: Response; data?: unknown; error?: unknown }): Reply => ({
  status: r.response.status,
  body: r.data ?? r.error,
});

export const connect: Connect = ({ baseUrl, apiKey, version }) => {
  const client = createClient<paths>({ baseUrl, headers: { 'x-api-key': apiKey } });
  const header = { 'vendor-version': version as Version };
  return {
    createMessage: async (inputs) =>
      reply(await client.POST('/v1/messages', { params: { header }, body: messageBody(inputs) })),
    createBatch: async (inputs) =>
      reply(await client.POST('/v1/messages/batches', { params: { header }, body: batchBody(inputs) })),
    retrieveBatch: async (batchId) =>
      reply(
        await client.GET('/v1/messages/batches/{message_batch_id}', {
          params: { header, path: { message_batch_id: batchId } },
        }),
      ),
    // The results operation's server is `results_url`: the request's base URL.
    batchResults: async (resultsUrl) =>
      reply(await client.GET('/', { baseUrl: resultsUrl, params: { header }, parseAs: 'text' })),
    createSession: async (inputs) =>
      reply(
        await client.POST('/v1/sessions', {
          params: { header: { ...header, 'vendor-beta': inputs.sessionBetas } },
          body: sessionBody(inputs),
        }),
      ),
    createDream: async (inputs, sessionId) =>
      reply(
        await client.POST('/v1/dreams', {
          params: { header: { ...header, 'vendor-beta': inputs.dreamBetas } },
          body: dreamBody(inputs.model as DreamModel, inputs, sessionId),
        }),
      ),
    retrieveDream: async (inputs, dreamId) =>
      reply(
        await client.GET('/v1/dreams/{dream_id}', {
          params: { header: { ...header, 'vendor-beta': inputs.dreamBetas }, path: { dream_id: dreamId } },
        }),
      ),
  };
};
