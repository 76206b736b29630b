import { DrizzleQueryError } from 'drizzle-orm';
import type { AppConfig } from '../../config/config';
import { createRootLogger, safeUrl } from './logger.module';
import { safeError, withoutQueryValues } from './safe-error';

/** What pg throws for a statement PostgreSQL refused: the values are in `detail`. */
function pgError(message: string, fields: Record<string, string>): Error {
  const error = new Error(message);
  error.name = 'error';
  return Object.assign(error, { severity: 'ERROR', ...fields });
}

const FROZEN = JSON.stringify([{ questionId: 'q1', choices: [{ choiceId: 'x7', text: 'A', correct: true }] }]);

describe('safeError', () => {
  const refused = pgError('duplicate key value violates unique constraint "exam_sessions_one_running_key"', {
    code: '23505',
    constraint: 'exam_sessions_one_running_key',
    table: 'exam_sessions',
    detail: 'Key (user_id)=(6d8e…) already exists.',
  });
  const wrapped = new DrizzleQueryError('insert into "exam_sessions" ("questions", "email") values ($1, $2)', [FROZEN, 'someone@example.com'], refused);

  it('keeps the statement, code, constraint and table of a database error, and none of its values', () => {
    const safe = safeError(wrapped);
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'insert into "exam_sessions" ("questions", "email") values ($1, $2)',
      cause: { code: '23505', constraint: 'exam_sessions_one_running_key', table: 'exam_sessions', message: refused.message },
    });
    const text = JSON.stringify(safe);
    expect(text).not.toMatch(/correct|someone@example\.com|Key \(user_id\)|params/);
    expect(safe.stack).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
  });

  it('masks the values PostgreSQL quotes in its messages, not the names it quotes', () => {
    const message = (text: string) => safeError(pgError(text, { code: '22P02' })).message;
    expect(message('invalid input syntax for type uuid: "a-learner-typed-this"')).toBe('invalid input syntax for type uuid: "[value]"');
    expect(message('new row for relation "users" violates check constraint "users_email_check"')).toBe(
      'new row for relation "users" violates check constraint "users_email_check"',
    );
  });

  it('keeps the message of a driver error that carries its statement itself (PGlite), masking its values', () => {
    const pglite = Object.assign(new Error('invalid input syntax for type uuid: "x@y.example"'), { code: '22P02', query: 'select $1::uuid', params: ['x@y.example'] });
    const safe = safeError(pglite);
    expect(safe).toMatchObject({ message: 'invalid input syntax for type uuid: "[value]"', query: 'select $1::uuid', code: '22P02' });
    expect(JSON.stringify(safe)).not.toContain('x@y.example');
  });

  it('masks e-mail addresses in any error and drops fields it does not know (a Redis command’s arguments)', () => {
    const redis = Object.assign(new Error('ERR wrong number of arguments for a@b.example'), { command: { name: 'set', args: ['session:abc', 'token-value'] } });
    const safe = safeError(redis);
    expect(safe.message).toBe('ERR wrong number of arguments for [email]');
    expect(JSON.stringify(safe)).not.toMatch(/token-value|session:abc/);
  });

  it('follows the errors of an AggregateError and stops at a bounded depth', () => {
    const refusedTwice = new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })], 'connect failed');
    expect(safeError(refusedTwice).errors).toEqual([expect.objectContaining({ code: 'ECONNREFUSED' })]);
    const loop: { cause?: unknown } & Error = new Error('loop');
    loop.cause = loop;
    expect(() => JSON.stringify(safeError(loop))).not.toThrow();
  });
});

describe('withoutQueryValues', () => {
  it('turns a database error into one whose message and stack hold no value', () => {
    const failure = withoutQueryValues(new DrizzleQueryError('update "users" set "email" = $1', ['someone@example.com'], pgError('boom "x@y.example"', { code: '23514' }))) as Error & { code?: string };
    expect(failure.message).toBe('Failed query: boom "[value]"');
    expect(`${failure.stack}`).not.toContain('someone@example.com');
    expect(failure.code).toBe('23514');
  });

  it('leaves any other error as it is', () => {
    const other = new Error('no handler for job');
    expect(withoutQueryValues(other)).toBe(other);
  });
});

describe('safeUrl', () => {
  it('masks the login callback’s code and state, and e-mail addresses', () => {
    expect(safeUrl('/api/v1/login/callback?code=abc123&state=xyz&iss=http%3A%2F%2Fidp')).toBe('/api/v1/login/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=http%3A%2F%2Fidp');
    expect(safeUrl('/api/v1/courses/someone@example.com')).toBe('/api/v1/courses/[email]');
    expect(safeUrl('/api/v1/find?who=someone%40example.com')).toBe('/api/v1/find?who=[email]');
    expect(safeUrl('/api/v1/me')).toBe('/api/v1/me');
  });
});

describe('the root logger', () => {
  it('masks credentials and e-mail fields, and serialises errors safely', () => {
    const lines: string[] = [];
    const logger = createRootLogger({ logLevel: 'info' } as AppConfig, { write: (line: string) => void lines.push(line) });
    logger.info({ email: 'a@b.example', user: { verifiedEmail: 'c@d.example', token: 'tok-1' }, headers: { cookie: 'campus_session=tok-2', authorization: 'Bearer tok-3' } }, 'probe');
    logger.error({ err: new DrizzleQueryError('select $1', ['e@f.example']) }, 'failed');
    const text = lines.join('');
    expect(text).not.toMatch(/@[bdf]\.example|tok-[123]/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ email: '[redacted]', user: { verifiedEmail: '[redacted]', token: '[redacted]' }, headers: { cookie: '[redacted]' } });
    expect(JSON.parse(lines[1]!).err).toMatchObject({ type: 'DrizzleQueryError', query: 'select $1' });
  });
});
