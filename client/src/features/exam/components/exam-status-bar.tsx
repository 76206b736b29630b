import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { describeRemaining, formatRemaining, timeAnnouncement } from '../exam-clock';
import { selectRemainingMs, selectSaveStatus, type examSessionMachine, type SaveStatus } from '../machines/exam-session.machine';

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: '保存済み',
  saving: '保存中…',
  offline: '未保存（オフライン）',
};

/** The countdown to the server's deadline and whether the answers are safe. */
export function ExamStatusBar({ actor }: { actor: ActorRefFrom<typeof examSessionMachine> }) {
  const remainingMs = useSelector(actor, selectRemainingMs);
  const saveStatus = useSelector(actor, selectSaveStatus);
  return (
    <div className="exam-status">
      <p className={`exam-timer${remainingMs <= 5 * 60_000 ? ' exam-timer--warning' : ''}`}>
        <span className="exam-timer__label">残り時間</span>
        {/* Not live: a screen reader reads it when asked; the region below speaks at 10, 5 and 1 minutes. */}
        <span role="timer" aria-live="off" aria-label="残り時間" title={describeRemaining(remainingMs)} className="exam-timer__value">
          {formatRemaining(remainingMs)}
        </span>
      </p>
      <p role="status" aria-label="保存状態" className={`exam-save exam-save--${saveStatus}`} data-status={saveStatus}>
        {SAVE_LABELS[saveStatus]}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {timeAnnouncement(remainingMs)}
      </p>
    </div>
  );
}
