import { progressText } from '../course-labels';
import './course-detail.css';

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
