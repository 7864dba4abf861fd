/** Opaque page cursors: base64url of the last id of the previous page. */
import { ApiError } from './errors.js';

export const encodeCursor = (lastId: string): string =>
  Buffer.from(`after:${lastId}`, 'utf8').toString('base64url');

/** The id a cursor points after; a cursor this server did not mint is a 400. */
export function decodeCursor(cursor: string, where: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith('after:') || text.length <= 'after:'.length) {
    throw new ApiError(400, 'invalid_request_error', `${where}: not a valid page cursor`);
  }
  return text.slice('after:'.length);
}
