import type { LessonSummary } from '@campus/contracts/catalogue';

/**
 * Where the course page's main button leads: the first lesson until one is done, then the first one
 * not yet done (the top page's 「続きから学ぶ」 brings the learner here to resume), and from the start
 * again once all are done.
 */
export function nextLessonStep(lessons: LessonSummary[]): { lesson: LessonSummary; label: string } | null {
  const firstLesson = lessons[0];
  if (!firstLesson) return null;
  if (!lessons.some((lesson) => lesson.isCompleted)) return { lesson: firstLesson, label: '最初のレッスンから始める' };
  const nextLesson = lessons.find((lesson) => !lesson.isCompleted);
  return nextLesson ? { lesson: nextLesson, label: '続きから学ぶ' } : { lesson: firstLesson, label: 'もう一度最初から学ぶ' };
}
