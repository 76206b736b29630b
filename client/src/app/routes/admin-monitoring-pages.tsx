import { AdminPage } from '../../components/admin-page';
import { AnalyticsLogView } from '../../features/analytics-log/components/analytics-log-view';
import { EventStreamView } from '../../features/event-stream/components/event-stream-view';
import { ExamAnalyticsView } from '../../features/exam-analytics/components/exam-analytics-view';
import { QueueHealthView } from '../../features/queue-health/components/queue-health-view';

/** /admin/events — every domain event as it is appended (pushed to admins), and the history before it. */
export function AdminEventsPage() {
  return (
    <AdminPage title="イベント">
      <p>記録されたイベントを新しい順に表示します。新しいイベントは届きしだい上に追加されます。</p>
      <EventStreamView />
    </AdminPage>
  );
}

/** /admin/queues — the job queues' counts and workers, and the failed jobs to retry. */
export function AdminQueuesPage() {
  return (
    <AdminPage title="ジョブキュー">
      <QueueHealthView />
    </AdminPage>
  );
}

/** /admin/analytics — attempts and pass rates of the certification exams, difficult topics and questions, review scores. */
export function AdminAnalyticsPage() {
  return (
    <AdminPage title="試験の分析">
      <ExamAnalyticsView />
    </AdminPage>
  );
}

/** /admin/analytics-log — the campus's own access log: page views, events and goals the pages reported. */
export function AdminAnalyticsLogPage() {
  return (
    <AdminPage title="アクセスログ">
      <AnalyticsLogView />
    </AdminPage>
  );
}
