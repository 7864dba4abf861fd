// Hand-written types of index.js.

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The OpenAPI 3.1 document (JSON Schema 2020-12 dialect), as parsed JSON. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly [key: string]: Json };
  readonly paths: { readonly [path: string]: { readonly [method: string]: Json } };
  readonly components: { readonly schemas: { readonly [name: string]: Json }; readonly [key: string]: Json };
  readonly [key: string]: Json;
}

export interface CatalogRequirement {
  /** Stable id: `DREAM-CANCEL-COMPLETED-400`. */
  readonly id: string;
  readonly doc: 'federation' | 'messages';
  readonly section: string;
  readonly statement: string;
  readonly observability: 'http' | 'fixture' | 'client' | 'untestable';
  readonly strength: 'must' | 'should' | 'informative';
  /** The operations and machine rows of the spec that cite it. */
  readonly citedBy: readonly string[];
}

export interface CatalogUnspecified {
  readonly id: string;
  readonly doc: 'federation' | 'messages';
  readonly section: string;
  readonly what: string;
  readonly treatment: string;
}

export interface RequirementCatalog {
  readonly api: { readonly name: string; readonly version: string };
  readonly requirements: readonly CatalogRequirement[];
  readonly unspecified: readonly CatalogUnspecified[];
}

/** The OpenAPI 3.1 document of the API. */
export declare const document: OpenApiDocument;
/** The requirement catalog. */
export declare const requirements: RequirementCatalog;
/** The OpenAPI 3.1 document of the conformance control API (what a server exposes in test). */
export declare const controlDocument: OpenApiDocument;
export default document;
