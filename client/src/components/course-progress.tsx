import './course-progress.css';

/** "n / m レッスン完了": the course card says it too. */
export const progressText = (completed: number, total: number) => `${completed} / ${total} レッスン完了`;

/** The learner's progress through a course: a bar and "n / m レッスン完了". */
export function CourseProgress({ completed, total }: { completed: number; total: number }) {
  const text = progressText(completed, total);
  return (
    <div className="course-progress">
      <progress className="course-progress__bar" max={Math.max(total, 1)} value={completed} aria-label={text} />
      <span>{text}</span>
    </div>
  );
}
