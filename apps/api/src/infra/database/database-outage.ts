/**
 * SQLSTATEs of a server going away or not yet taking connections: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up, shutting down, in recovery). Class 08 (connection exception) is matched
 * as a whole.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);

/** Socket errors of a server that is down or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * What pg and pg-pool say when the connection died or could not be made in time ("Connection terminated
 * unexpectedly", "... due to connection timeout", "timeout exceeded when trying to connect", a client
 * "not queryable" after its connection broke).
 */
const UNAVAILABLE_MESSAGE = /^Connection terminated|timeout exceeded when trying to connect|is not queryable/;

/**
 * Whether an error means "PostgreSQL cannot be reached right now" rather than a wrong query: the error
 * filter answers it with a 503, and a job that met it is put back until the database answers. Looks through
 * TypeORM's QueryFailedError (driverError), `cause` and an AggregateError's errors (a host with several
 * addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  return [driverError, cause, ...(Array.isArray(errors) ? errors : [])].some((inner) =>
    isDatabaseUnavailable(inner, depth + 1),
  );
}
