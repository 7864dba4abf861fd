/**
 * The success statuses the documents leave open. The documents do not show the success status of
 * most operations (each family records that as an Unspecified item); the endpoint tables record
 * 200, and this rule adds the other statuses a correct server may answer with the same body: 201
 * for an operation that creates a record, 202 for one that ends or removes something. `createSpec`
 * applies it to every endpoint citing one of these items (`success.others`); the OpenAPI document
 * lists those statuses, and the reference server's `other-success-statuses` variant answers them.
 */
import type { OperationId } from './index.js';
import type { Endpoint, OtherSuccessStatus } from './types.js';

/** The Unspecified items that leave the success status of an operation open. */
export const SUCCESS_STATUS_UNSPECIFIED = [
  'UNSPEC-WS-ADMIN-SUCCESS-STATUS',
  'UNSPEC-RL-SUCCESS-STATUS',
  'UNSPEC-USAGE-SUCCESS-STATUS',
  'UNSPEC-MSG-SUCCESS-STATUS',
  'UNSPEC-BATCH-SUCCESS-STATUS',
  'UNSPEC-SESS-CREATE-STATUS',
  'UNSPEC-SRES-SUCCESS-STATUS',
  'UNSPEC-DREAM-SUCCESS-STATUS',
] as const;

/** The other success status of an operation that creates a record. */
export const CREATED_STATUS = 201;
/** The other success status of an operation that ends or removes something. */
export const ACCEPTED_STATUS = 202;

/** The operations that end or remove something: a workspace archived, a member removed. */
export const ENDING_OPERATIONS = [
  'organizations.workspaces.archive',
  'organizations.workspaces.members.delete',
] as const satisfies readonly OperationId[];

/** Whether an operation creates a record: a `POST` named `<resource>.create`. */
export const createsRecord = (e: Pick<Endpoint, 'id' | 'method'>): boolean =>
  e.method === 'POST' && e.id.endsWith('.create');

/**
 * The other success statuses a correct server may answer for an operation, each with the
 * Unspecified item that leaves its status open: none when the operation cites no such item.
 */
export function otherSuccessStatuses(
  e: Pick<Endpoint, 'id' | 'method' | 'unspecified'>,
): OtherSuccessStatus[] {
  const open: readonly string[] = SUCCESS_STATUS_UNSPECIFIED;
  const unspecified = e.unspecified.find((id) => open.includes(id));
  if (unspecified === undefined) return [];
  if (createsRecord(e)) return [{ status: CREATED_STATUS, unspecified }];
  const ending: readonly string[] = ENDING_OPERATIONS;
  return ending.includes(e.id) ? [{ status: ACCEPTED_STATUS, unspecified }] : [];
}
