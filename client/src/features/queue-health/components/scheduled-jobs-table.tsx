import type { ScheduledJob } from '@campus/contracts/queue-health';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { PhraseText } from '../../../components/phrase-text';
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
                <td className="scheduled-jobs__label">
                  <PhraseText text={label} />
                  <span className="failed-jobs__id scheduled-jobs__name">{schedule.name}</span>
                </td>
                <td>
                  {/* 「毎日 09:00」 may break between its words, never inside the time. */}
                  {scheduleTextOf(schedule)
                    .split(' ')
                    .map((word, index) => (
                      <span key={index} className="scheduled-jobs__nowrap">
                        {index > 0 ? ' ' : ''}
                        {word}
                      </span>
                    ))}
                </td>
                <td>{schedule.nextRunAt ? formatJapaneseDateTime(schedule.nextRunAt) : '—'}</td>
                <td>
                  <button type="button" className="button scheduled-jobs__nowrap" disabled={runningJobName !== null} aria-label={`「${label}」を今すぐ実行`} onClick={() => onRun(schedule.name)}>
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
