/**
 * The client's types, from the OpenAPI document by openapi-typescript (which loads the TypeScript
 * compiler: imported only when the types are generated).
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { tsBanner } from './banner.js';
import type { JsonObject } from './json.js';

export async function clientTypes(document: JsonObject): Promise<string> {
  const ast = await openapiTS(document as never, {
    alphabetize: false,
    emptyObjectsUnknown: true,
    defaultNonNullable: false,
  });
  return `${tsBanner('packages/openapi/openapi.json (openapi-typescript)')}${astToString(ast)}`;
}
