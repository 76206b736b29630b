import type { PageFacts } from '../../contracts/page-facts';
import { ArgumentsHost, BadRequestException, ForbiddenException, Logger, NotFoundException } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error';
import { ErrorEnvelopeFilter, toErrorEnvelope } from './error-envelope.filter';
import type { SpaIndex } from './spa-index';

describe('toErrorEnvelope', () => {
  it('keeps an AppError as it is, with the field', () => {
    expect(toErrorEnvelope(new AppError('VALIDATION_FAILED', 'email: 形式', 'email'))).toEqual({
      message: 'email: 形式',
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'email',
    });
    expect(toErrorEnvelope(new AppError('CONCURRENCY_CONFLICT', '競合')).status).toBe(409);
  });

  it('maps framework exceptions to catalogue codes in Japanese', () => {
    expect(toErrorEnvelope(new NotFoundException())).toEqual({
      message: 'お探しのページはみつかりませんでした。',
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(toErrorEnvelope(new ForbiddenException()).code).toBe('FORBIDDEN');
    expect(toErrorEnvelope(new BadRequestException())).toMatchObject({ status: 400, field: 'body' });
  });

  it('maps Fastify 4xx errors by status', () => {
    expect(toErrorEnvelope(Object.assign(new Error('too large'), { statusCode: 413 })).code).toBe('PAYLOAD_TOO_LARGE');
    expect(toErrorEnvelope(Object.assign(new Error('media'), { statusCode: 415 })).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 503 SERVICE_UNAVAILABLE in Japanese, not 500, while PostgreSQL or Redis is away', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorEnvelope(refused)).toEqual({ message: 'ただいまサービスを利用できません。時間をおいて再度お試しください', status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(toErrorEnvelope(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') })).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('turns anything else into a 500 that says nothing about the internals', () => {
    const envelope = toErrorEnvelope(new Error('connection refused at db.internal:5432'));
    expect(envelope).toEqual({ message: expect.any(String), status: 500, code: 'INTERNAL_ERROR' });
    expect(envelope.message).not.toContain('db.internal');
  });
});

describe('ErrorEnvelopeFilter', () => {
  const indexWith = (html: string) => ({ htmlFor: () => html }) as unknown as SpaIndex;
  const replyFor = () => {
    const reply = { status: jest.fn(), header: jest.fn(), type: jest.fn(), send: jest.fn() };
    reply.status.mockReturnValue(reply);
    reply.header.mockReturnValue(reply);
    reply.type.mockReturnValue(reply);
    return reply;
  };
  const hostFor = (request: object, reply: object) =>
    ({ getType: () => 'http', switchToHttp: () => ({ getRequest: () => ({ headers: {}, ...request }), getResponse: () => reply }) }) as unknown as ArgumentsHost;

  it('tells the client when to try again after a 503', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const reply = replyFor();
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    new ErrorEnvelopeFilter().catch(refused, hostFor({ method: 'PUT', url: '/api/v1/exam-sessions/x/answers/y' }, reply));
    expect(reply.status).toHaveBeenCalledWith(503);
    expect(reply.header).toHaveBeenCalledWith('retry-after', '5');
    expect(reply.send).toHaveBeenCalledWith(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', status: 503 }));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('answers unknown /api paths with the 404 envelope even when a client is served', () => {
    const reply = replyFor();
    new ErrorEnvelopeFilter(indexWith('<html></html>')).catch(new NotFoundException(), hostFor({ method: 'GET', url: '/api/nope' }, reply));
    expect(reply.status).toHaveBeenCalledWith(404);
    expect(reply.send).toHaveBeenCalledWith(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  /** The filter answers a page once it knows its status; resolves with the reply when it has. */
  const pageReply = async (url: string, contentExists?: (content: unknown) => Promise<PageFacts | null>) => {
    const reply = replyFor();
    const sent = new Promise<void>((resolve) => reply.send.mockImplementation(() => resolve()));
    new ErrorEnvelopeFilter(indexWith('<html><head></head>campus</html>'), contentExists).catch(new NotFoundException(), hostFor({ method: 'GET', url }, reply));
    await sent;
    return reply;
  };

  it('answers a page of the route table with the client, 200', async () => {
    const reply = await pageReply('/mypage/profile?from=menu');
    expect(reply.status).toHaveBeenCalledWith(200);
    expect(reply.type).toHaveBeenCalledWith('text/html; charset=utf-8');
    expect(reply.send).toHaveBeenCalledWith('<html><head></head>campus</html>');
  });

  it('answers a path the site does not have with the client (its 404 page) and HTTP 404', async () => {
    const reply = await pageReply('/no-such-page');
    expect(reply.status).toHaveBeenCalledWith(404);
    expect(reply.send).toHaveBeenCalledWith('<html><head></head>campus</html>');
  });

  it('asks the catalogue about a course page, and says 200 when the catalogue cannot answer', async () => {
    const known = jest.fn(async (): Promise<PageFacts> => ({ courseKind: 'seminar' }));
    const found = await pageReply('/line-ads/courses/line-ads-basics', known);
    expect(found.status).toHaveBeenCalledWith(200);
    // What the lookup learnt goes into the page, for the client's first paint.
    expect(found.send).toHaveBeenCalledWith(
      '<html><head>  <script type="application/json" id="page-facts">{"path":"/line-ads/courses/line-ads-basics","courseKind":"seminar"}</script>\n  </head>campus</html>',
    );
    expect(known).toHaveBeenCalledWith(
      { kind: 'course', courseKinds: ['learning', 'seminar'], program: 'AD', courseSlug: 'line-ads-basics', area: { label: 'LINE広告', path: '/line-ads' } },
      expect.objectContaining({ url: '/line-ads/courses/line-ads-basics' }),
    );
    expect((await pageReply('/line-ads/courses/nope', async () => null)).status).toHaveBeenCalledWith(404);
    expect((await pageReply('/line-ads/courses/nope', () => Promise.reject(new Error('database down')))).status).toHaveBeenCalledWith(200);
  });

  it('asks about the certificate a learner page names with the request, whose session decides', async () => {
    const lookup = jest.fn(async () => null);
    expect((await pageReply('/mypage/certificates/no-such-certificate', lookup)).status).toHaveBeenCalledWith(404);
    expect(lookup).toHaveBeenCalledWith({ kind: 'certificate', certificateKey: 'no-such-certificate' }, expect.objectContaining({ url: '/mypage/certificates/no-such-certificate' }));
  });
});
