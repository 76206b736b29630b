/**
 * @jest-environment node
 */
import { setApiErrorHandler } from '../../../lib/api-client';
import { getFailedJobs } from './get-failed-jobs';
import { getQueueHealth } from './get-queue-health';
import { retryFailedJobs } from './retry-failed-jobs';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock;
let defaultHandler: jest.Mock;
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

beforeEach(() => {
  fetchMock = jest.fn();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock as unknown as typeof fetch);
  defaultHandler = jest.fn();
  setApiErrorHandler(defaultHandler);
});

afterEach(() => setApiErrorHandler(undefined));

describe('queue API calls', () => {
  it('reads the health and a page of failed jobs, uncached', async () => {
    fetchMock.mockResolvedValueOnce(json({ queues: [], unrelayedEvents: 0 }));
    fetchMock.mockResolvedValueOnce(json({ items: [], total: 0, limit: 20, offset: 40 }));

    await getQueueHealth();
    await getFailedJobs({ queueName: 'campus', offset: 40 });

    expect(calls()).toEqual(['GET /api/v1/admin/queues', 'GET /api/v1/admin/queues/campus/failed?limit=20&offset=40']);
    expect((fetchMock.mock.calls[1]![1] as RequestInit).cache).toBe('no-store');
  });

  it('retries one job (its id escaped) or all of them', async () => {
    fetchMock.mockImplementation(async () => json({ retriedCount: 1 }));

    await expect(retryFailedJobs({ queueName: 'campus', jobId: 'grade-exam:e/1' })).resolves.toEqual({ retriedCount: 1 });
    await retryFailedJobs({ queueName: 'campus', jobId: null });

    expect(calls()).toEqual(['POST /api/v1/admin/queues/campus/failed/grade-exam%3Ae%2F1/retry', 'POST /api/v1/admin/queues/campus/failed/retry']);
  });

  it('leaves a 404 and a server error to the page, without a popup', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'ジョブが見つかりません', status: 404, code: 'NOT_FOUND' }, 404));
    await expect(retryFailedJobs({ queueName: 'campus', jobId: 'x' })).rejects.toMatchObject({ status: 404, message: 'ジョブが見つかりません' });
    fetchMock.mockResolvedValueOnce(json({ message: 'エラー', status: 500, code: 'INTERNAL_ERROR' }, 500));
    await expect(getQueueHealth()).rejects.toMatchObject({ status: 500 });
    expect(defaultHandler).not.toHaveBeenCalled();
  });
});
