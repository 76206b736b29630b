import type { ScheduledJob } from '@campus/contracts/queue-health';

/** What each clock-driven job does, in the admins' words; a job not listed shows its name. */
const LABELS: Record<string, string> = {
  'remind-learners-when-badge-expiring': 'バッジの有効期限のお知らせ',
  'delete-expired-analytics-reports': '期限切れの分析レポートの削除',
  'reconcile-outstanding-work': '未処理の反応の再投入',
};

export const scheduledJobLabelOf = (name: string): string => LABELS[name] ?? name;

/** 「毎日 09:00」 for the daily cron patterns the campus uses, 「5 秒ごと」 for a repeat; the raw pattern otherwise. */
export function scheduleTextOf({ pattern, everyMs }: ScheduledJob): string {
  if (everyMs !== null) return everyMs % 60_000 === 0 ? `${everyMs / 60_000} 分ごと` : `${Math.round(everyMs / 1000)} 秒ごと`;
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(pattern ?? '');
  if (daily) return `毎日 ${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')}`;
  return pattern ?? '—';
}
