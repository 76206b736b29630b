export const queuePath = (queueName: string) => `/api/v1/admin/queues/${encodeURIComponent(queueName)}`;
