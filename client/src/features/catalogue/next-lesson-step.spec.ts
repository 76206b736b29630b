import { aLesson } from '../../test/catalogue-fixtures';
import { nextLessonStep } from './next-lesson-step';

const lessons = (...completed: boolean[]) => completed.map((isCompleted, index) => aLesson({ slug: `lesson-${index + 1}`, isCompleted }));
const stepOf = (...completed: boolean[]) => {
  const step = nextLessonStep(lessons(...completed));
  return step && { slug: step.lesson.slug, label: step.label };
};

describe('nextLessonStep', () => {
  it('starts a course nobody has begun at its first lesson', () => {
    expect(stepOf(false, false, false)).toEqual({ slug: 'lesson-1', label: '最初のレッスンから始める' });
  });

  it('resumes at the first lesson not yet done, even one skipped before a done one', () => {
    expect(stepOf(true, false, false)).toEqual({ slug: 'lesson-2', label: '続きから学ぶ' });
    expect(stepOf(true, true, false)).toEqual({ slug: 'lesson-3', label: '続きから学ぶ' });
    expect(stepOf(false, true, false)).toEqual({ slug: 'lesson-1', label: '続きから学ぶ' });
  });

  it('offers the course again from the start once every lesson is done', () => {
    expect(stepOf(true, true, true)).toEqual({ slug: 'lesson-1', label: 'もう一度最初から学ぶ' });
  });

  it('offers nothing for a course without lessons', () => {
    expect(nextLessonStep([])).toBeNull();
  });
});
