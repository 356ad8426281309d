import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-outage';

/** An error shaped as pg and node:net raise it (a code and a message). */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection in a query', failedQuery(withCode('read ECONNRESET', 'ECONNRESET'))],
    ['a server killed under a query', failedQuery(new Error('Connection terminated unexpectedly'))],
    ['the pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['admin_shutdown', failedQuery(withCode('terminating connection due to administrator command', '57P01'))],
    ['crash_shutdown', failedQuery(withCode('terminating connection because of crash', '57P02'))],
    ['cannot_connect_now', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', failedQuery(withCode('connection failure', '08006'))],
    [
      'every address of a host refused',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ],
    ['a cause', new Error('saving the render', { cause: new Error('Connection terminated') })],
  ])('is true for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', failedQuery(withCode('duplicate key value', '23505'))],
    ['a check violation', failedQuery(withCode('violates check constraint', '23514'))],
    ['a statement timeout', failedQuery(withCode('canceling statement due to statement timeout', '57014'))],
    ['a plain error', new Error('engine answered 500')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
