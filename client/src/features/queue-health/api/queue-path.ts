/** The admin queue API of one BullMQ queue; the failed-jobs calls add their own tail. */
export const queuePath = (queueName: string) => `/api/v1/admin/queues/${encodeURIComponent(queueName)}`;
