import { PassThrough } from 'node:stream';
import { answerClientError, refusedStaticPathAsNotFound } from './edge-errors';

/** A socket that records what was written and whether it was closed. */
function fakeSocket() {
  const socket = new PassThrough();
  const written: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => written.push(chunk));
  return { socket, text: () => Buffer.concat(written).toString('utf8') };
}

const errorWithCode = (code: string) => Object.assign(new Error(code), { code });

describe('answerClientError', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'HEADERS_TOO_LARGE'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'REQUEST_TIMEOUT'],
    ['HPE_INVALID_METHOD', 400, 'VALIDATION_FAILED'],
  ])('answers %s with the %i envelope and closes the connection', async (code, status, envelopeCode) => {
    const { socket, text } = fakeSocket();
    const closed = new Promise((resolve) => socket.on('close', resolve));
    answerClientError(errorWithCode(code), socket);
    await closed;
    const [head, body] = text().split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toContain('content-type: application/json; charset=utf-8');
    expect(head).toContain('connection: close');
    expect(head).toContain(`content-length: ${Buffer.byteLength(body!)}`);
    expect(JSON.parse(body!)).toEqual({ message: expect.any(String), status, code: envelopeCode });
  });

  it('writes nothing to a connection the client reset', () => {
    const { socket, text } = fakeSocket();
    answerClientError(errorWithCode('ECONNRESET'), socket);
    expect(text()).toBe('');
    expect(socket.destroyed).toBe(false);
  });
});

describe('refusedStaticPathAsNotFound', () => {
  const reply = () => ({ callNotFound: jest.fn() });

  it("answers @fastify/static's refusal of a path no file can have as an unknown address (404), not 403", () => {
    const original = jest.fn();
    const answer = refusedStaticPathAsNotFound(original)!;
    const notFound = reply();
    answer.call({} as never, Object.assign(new Error('Forbidden'), { code: 'FST_STATIC_FORBIDDEN_PATH', statusCode: 403 }), {} as never, notFound as never);
    expect(notFound.callNotFound).toHaveBeenCalled();
    expect(original).not.toHaveBeenCalled();
  });

  it('leaves every other error to the handler it wraps', () => {
    const original = jest.fn();
    const other = Object.assign(new Error('closed'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    const untouched = reply();
    refusedStaticPathAsNotFound(original)!.call({} as never, other, {} as never, untouched as never);
    expect(original).toHaveBeenCalledWith(other, {}, untouched);
    expect(untouched.callNotFound).not.toHaveBeenCalled();
  });
});
