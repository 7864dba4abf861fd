/**
 * The request bodies of the scenario, written once for every driver. Each is a plain object
 * literal: the compiler checks it against the request type the generator wrote, so a schema
 * change a client can no longer express fails the type check. A value whose generated type is a
 * closed list (the dream models) comes in as that type: the driver narrows it.
 */
import type { Inputs } from './calls.js';

const hello = [{ role: 'user' as const, content: 'Hello' }];

export const messageBody = (inputs: Inputs) => ({ model: inputs.model, max_tokens: 16, messages: hello });

export const batchBody = (inputs: Inputs) => ({
  requests: inputs.customIds.map((custom_id) => ({ custom_id, params: messageBody(inputs) })),
});

export const sessionBody = (inputs: Inputs) => ({
  agent: 'agent_generator_matrix',
  environment_id: 'env_generator_matrix',
  resources: [{ type: 'memory_store' as const, memory_store_id: inputs.memoryStoreId }],
});

export const dreamBody = <Model extends string>(model: Model, inputs: Inputs, sessionId: string) => ({
  model,
  inputs: [
    { type: 'memory_store' as const, memory_store_id: inputs.memoryStoreId },
    { type: 'sessions' as const, session_ids: [sessionId] },
  ],
});
