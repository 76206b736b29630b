import { PassThrough } from 'node:stream';
import { answerClientError } from './edge-errors';

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
