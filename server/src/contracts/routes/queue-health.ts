import { defineRoute } from './define-route.js';

const queueHealth = () => import('../queue-health.js');

export const getQueueHealth = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/queues',
  summary: 'ジョブキューの状態（管理者のみ）: 件数、接続中のワーカー、未中継のイベント。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN'],
  schemas: async () => ({ response: (await queueHealth()).queueHealthSchema }),
});

export const listFailedJobs = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/queues/:queueName/failed',
  summary: '失敗したジョブ（管理者のみ）、新しい順。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { failedJobQuerySchema, failedJobPageSchema } = await queueHealth();
    return { query: failedJobQuerySchema, response: failedJobPageSchema };
  },
});

export const retryFailedJob = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/queues/:queueName/failed/:jobId/retry',
  summary: '失敗したジョブ 1 件をやり直す（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await queueHealth()).retriedJobsSchema }),
});

export const retryFailedJobs = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/queues/:queueName/failed/retry',
  summary: '失敗したジョブをすべてやり直す（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await queueHealth()).retriedJobsSchema }),
});

export const runScheduledJob = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/queues/:queueName/schedules/:jobName/run',
  summary: '定期ジョブを次の予定を待たずに 1 回実行する（管理者のみ）。予定はそのまま。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await queueHealth()).startedJobSchema }),
});
