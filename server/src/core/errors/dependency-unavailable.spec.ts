import { DrizzleQueryError } from 'drizzle-orm/errors';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { AppError } from './app-error';
import { isDependencyUnavailable } from './dependency-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it('recognises PostgreSQL being down, restarting or unreachable, also inside drizzle’s wrapper', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(isDependencyUnavailable(refused)).toBe(true);
    expect(isDependencyUnavailable(new DrizzleQueryError('select 1', [], refused))).toBe(true);
    expect(isDependencyUnavailable(new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDependencyUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDependencyUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDependencyUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDependencyUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDependencyUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    // Node's happy-eyeballs connect refuses on both addresses at once.
    expect(isDependencyUnavailable(new AggregateError([refused, withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('recognises Redis being away', () => {
    expect(isDependencyUnavailable(new MaxRetriesPerRequestError(3))).toBe(true);
    expect(isDependencyUnavailable(new Error('Connection is closed.'))).toBe(true);
  });

  it('leaves real failures alone: constraint violations, our own errors, bugs', () => {
    expect(isDependencyUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDependencyUnavailable(new DrizzleQueryError('insert', [], withCode('syntax error', '42601')))).toBe(false);
    expect(isDependencyUnavailable(new AppError('CONCURRENCY_CONFLICT', '競合'))).toBe(false);
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable(new Error('connection refused at db.internal:5432'))).toBe(false);
    expect(isDependencyUnavailable(null)).toBe(false);
    expect(isDependencyUnavailable('ECONNREFUSED')).toBe(false);
  });
});
