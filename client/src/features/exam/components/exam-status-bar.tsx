import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { describeRemaining, formatRemaining } from '../exam-clock';
import { selectRemainingMs, selectSaveStatus, type examSessionMachine, type SaveStatus } from '../machines/exam-session.machine';

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: '保存済み',
  saving: '保存中…',
  offline: '未保存（オフライン）',
};

/** The last minutes are announced once each, not every second. */
const ANNOUNCED_MINUTES = [5, 1];

/** The countdown to the server's deadline and whether the answers are safe. */
export function ExamStatusBar({ actor }: { actor: ActorRefFrom<typeof examSessionMachine> }) {
  const remainingMs = useSelector(actor, selectRemainingMs);
  const saveStatus = useSelector(actor, selectSaveStatus);
  const minutesLeft = Math.ceil(remainingMs / 60_000);
  const announcement = ANNOUNCED_MINUTES.includes(minutesLeft) ? `残り${minutesLeft}分です。` : '';
  return (
    <div className="exam-status">
      <p className={`exam-timer${remainingMs <= 5 * 60_000 ? ' exam-timer--warning' : ''}`}>
        <span className="exam-timer__label">残り時間</span>
        <span role="timer" aria-label="残り時間" title={describeRemaining(remainingMs)} className="exam-timer__value">
          {formatRemaining(remainingMs)}
        </span>
      </p>
      <p role="status" aria-label="保存状態" className={`exam-save exam-save--${saveStatus}`} data-status={saveStatus}>
        {SAVE_LABELS[saveStatus]}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
