import type { FailedJob } from '@campus/contracts/queue-health';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';

export interface FailedJobsTableProps {
  queueName: string;
  jobs: readonly FailedJob[];
  /** The job being retried now; its row shows busy. */
  retryingJobId: string | null;
  /** No retry can start (one is running, or the admin is confirming すべて再実行). */
  busy: boolean;
  onRetry(jobId: string): void;
}

export function FailedJobsTable({ queueName, jobs, retryingJobId, busy, onRetry }: FailedJobsTableProps) {
  return (
    <div className="failed-jobs__table-wrap">
      <table className="admin-table failed-jobs__table">
        <caption>失敗したジョブ（{queueName}）</caption>
        <thead>
          <tr>
            <th scope="col">ジョブ</th>
            <th scope="col">名前</th>
            <th scope="col">理由</th>
            <th scope="col">試行回数</th>
            <th scope="col">失敗日時</th>
            <th scope="col">データ</th>
            <th scope="col">
              <span className="visually-hidden">操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.jobId} aria-busy={retryingJobId === job.jobId || undefined}>
              <td className="failed-jobs__id">{job.jobId}</td>
              <td>{job.name}</td>
              <td className="failed-jobs__reason" title={job.failedReason}>
                {job.failedReason}
              </td>
              <td className="failed-jobs__number">{job.attemptsMade}</td>
              <td className="failed-jobs__when">{job.failedAt ? formatJapaneseDateTime(job.failedAt) : '—'}</td>
              <td>
                <code className="failed-jobs__data">{job.dataPreview}</code>
              </td>
              <td>
                <button type="button" className="button" disabled={busy} aria-label={`ジョブ ${job.jobId} を再実行`} onClick={() => onRetry(job.jobId)}>
                  再実行
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
