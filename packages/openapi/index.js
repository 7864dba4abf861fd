// Hand-written: the OpenAPI document and the requirement catalog, parsed from the JSON files
// next to this one, and the conformance control API's document (both generated from @vendor-api/spec by tools/codegen).
import { readFileSync } from 'node:fs';

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

/** The OpenAPI 3.1 document of the API. */
export const document = read('./openapi.json');

/** The requirement catalog: every requirement with the operations and machine rows citing it. */
export const requirements = read('./requirements.json');

/** The OpenAPI 3.1 document of the conformance control API (what a server exposes in test). */
export const controlDocument = read('./control.openapi.json');

export default document;
