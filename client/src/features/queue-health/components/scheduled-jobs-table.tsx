import type { ScheduledJob } from '@campus/contracts/queue-health';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { scheduledJobLabelOf, scheduleTextOf } from '../scheduled-job-labels';

export interface ScheduledJobsTableProps {
  queueName: string;
  schedules: readonly ScheduledJob[];
  /** The job being started now; every button waits for it. */
  runningJobName: string | null;
  onRun(jobName: string): void;
}

/** The queue's clock-driven jobs, each of which an admin can run now instead of waiting for its time. */
export function ScheduledJobsTable({ queueName, schedules, runningJobName, onRun }: ScheduledJobsTableProps) {
  return (
    <div className="failed-jobs__table-wrap">
      <table className="admin-table failed-jobs__table">
        <caption>定期ジョブ（{queueName}）</caption>
        <thead>
          <tr>
            <th scope="col">内容</th>
            <th scope="col">間隔</th>
            <th scope="col">次回の実行</th>
            <th scope="col">
              <span className="visually-hidden">操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {schedules.map((schedule) => {
            const label = scheduledJobLabelOf(schedule.name);
            return (
              <tr key={schedule.name} aria-busy={runningJobName === schedule.name || undefined}>
                <td>
                  {label}
                  <span className="failed-jobs__id scheduled-jobs__name">{schedule.name}</span>
                </td>
                <td>{scheduleTextOf(schedule)}</td>
                <td className="failed-jobs__when">{schedule.nextRunAt ? formatJapaneseDateTime(schedule.nextRunAt) : '—'}</td>
                <td>
                  <button type="button" className="button" disabled={runningJobName !== null} aria-label={`「${label}」を今すぐ実行`} onClick={() => onRun(schedule.name)}>
                    今すぐ実行
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
