import { useId } from 'react';
import './course-progress.css';

/** "n / m レッスン完了": read by the eye and, as the bar's name, by screen readers. */
export const progressText = (completed: number, total: number) => `${completed} / ${total} レッスン完了`;

/** Share of the course done, 0–100, safe for a course without lessons. */
export const progressPercent = (completed: number, total: number) =>
  total > 0 ? Math.round((Math.min(Math.max(completed, 0), total) / total) * 100) : 0;

/**
 * The learner's progress through a course: a bar and "n / m レッスン完了". A drawn bar (not <progress>)
 * so it looks the same in every browser; the ARIA progressbar role gives it the same meaning.
 */
export function CourseProgress({
  completed,
  total,
  compact = false,
}: {
  completed: number;
  total: number;
  /** Smaller, for course cards and the home page's continue row. */
  compact?: boolean;
}) {
  const textId = useId();
  const text = progressText(completed, total);
  const percent = progressPercent(completed, total);
  return (
    <div className={compact ? 'course-progress course-progress--compact' : 'course-progress'}>
      <div
        className="course-progress__track"
        role="progressbar"
        aria-labelledby={textId}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={Math.min(completed, Math.max(total, 1))}
        aria-valuetext={`${percent}%`}
      >
        <div className="course-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span id={textId} className="course-progress__text">
        {text}
      </span>
    </div>
  );
}
