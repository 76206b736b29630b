import type { JobQueue } from '../../../../jobs/job-queue';
import { RetryFailedJobCommand } from './retry-failed-job.command';
import { RetryFailedJobHandler } from './retry-failed-job.handler';

const aJob = (state: string, retry = jest.fn().mockResolvedValue(undefined)) => ({ getState: jest.fn().mockResolvedValue(state), retry });

describe('RetryFailedJobHandler', () => {
  const jobsById = new Map<string, ReturnType<typeof aJob>>();
  const jobs = { queue: { name: 'campus', getJob: jest.fn(async (id: string) => jobsById.get(id)) } } as unknown as JobQueue;
  const retry = (queueName: string, jobId: string) => new RetryFailedJobHandler(jobs).execute(new RetryFailedJobCommand(queueName, jobId));

  it('puts a failed job back in the queue', async () => {
    const job = aJob('failed');
    jobsById.set('grade@1', job);
    await expect(retry('campus', 'grade@1')).resolves.toEqual({ retriedCount: 1 });
    expect(job.retry).toHaveBeenCalledWith('failed');
  });

  it.each([
    ['an unknown queue', 'other', 'grade@1', /キュー「other」はありません/],
    ['an unknown job', 'campus', 'nope', /失敗したジョブがみつかりませんでした/],
    ['a job that has not failed', 'campus', 'done@1', /失敗したジョブがみつかりませんでした/],
    ['a job retried meanwhile by someone else', 'campus', 'racing@1', /失敗したジョブがみつかりませんでした/],
  ])('answers 404 for %s', async (_, queueName, jobId, message) => {
    jobsById.set('done@1', aJob('completed'));
    jobsById.set('racing@1', aJob('failed', jest.fn().mockRejectedValue(new Error('Missing key for job racing@1. reprocessJob'))));
    await expect(retry(queueName, jobId)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404, message: expect.stringMatching(message) });
    expect(jobsById.get('done@1')!.retry).not.toHaveBeenCalled();
  });
});
