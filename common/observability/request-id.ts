/** The header that carries a request's id in and out (set by the reverse proxy, echoed to the client). */
export const REQUEST_ID_HEADER = 'x-request-id';

// What an id from outside may look like: a UUID, nginx's $request_id, a trace id. Anything else
// (too long, spaces, quotes, control characters) could forge or break log lines, so it is replaced.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming id when it is a sane token, else undefined. */
export function saneRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value) ? value : undefined;
}
