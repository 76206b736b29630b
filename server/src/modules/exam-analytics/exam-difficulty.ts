import type { ExamAnalytics } from '../../contracts/exam-analytics.js';
import { rateOf } from '../../core/dates/report-range.js';

const PROMPT_CHARS = 80;
export const MAX_QUESTIONS = 50;

/** How often one question was answered and answered right, within one topic of one course (from SQL). */
export interface QuestionTally {
  courseSlug: string;
  questionId: string;
  topic: string;
  prompt: string;
  answered: number;
  correct: number;
}

/** A certification course in catalogue order, with the names its exam gives its topics (slug → セグメント設計). */
export interface AnalysedCourse {
  slug: string;
  topicNames: Readonly<Record<string, string>>;
}

const cut = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/**
 * Topic and question difficulty from per-question tallies. A question whose topic changed between
 * content versions counts under each topic, and as one question under the topic it was answered most in.
 * Topics come in the courses' order, hardest first within a course; questions hardest first overall, 50 at most.
 * Each topic carries its name; a topic the course no longer has (answered under an earlier content
 * version) keeps its slug, the only name there is for it.
 */
export function examDifficulty(tallies: readonly QuestionTally[], courses: readonly AnalysedCourse[]): Pick<ExamAnalytics, 'topics' | 'questions'> {
  const topics = new Map<string, { courseSlug: string; topic: string; answered: number; correct: number }>();
  const questions = new Map<string, QuestionTally & { topicAnswered: number }>();
  for (const tally of tallies) {
    const topicKey = `${tally.courseSlug}\n${tally.topic}`;
    const topic = topics.get(topicKey) ?? { courseSlug: tally.courseSlug, topic: tally.topic, answered: 0, correct: 0 };
    topic.answered += tally.answered;
    topic.correct += tally.correct;
    topics.set(topicKey, topic);

    const questionKey = `${tally.courseSlug}\n${tally.questionId}`;
    const question = questions.get(questionKey);
    if (!question) {
      questions.set(questionKey, { ...tally, topicAnswered: tally.answered });
      continue;
    }
    question.answered += tally.answered;
    question.correct += tally.correct;
    if (tally.answered > question.topicAnswered) Object.assign(question, { topic: tally.topic, prompt: tally.prompt, topicAnswered: tally.answered });
  }

  const position = (courseSlug: string) => courses.findIndex((course) => course.slug === courseSlug);
  const topicNameOf = (courseSlug: string, topic: string) => courses.find((course) => course.slug === courseSlug)?.topicNames[topic] ?? topic;
  const byDifficulty = <T extends { answered: number; correct: number }>(left: T, right: T) =>
    (rateOf(left.correct, left.answered) ?? 1) - (rateOf(right.correct, right.answered) ?? 1) || right.answered - left.answered;

  return {
    topics: [...topics.values()]
      .sort((left, right) => position(left.courseSlug) - position(right.courseSlug) || byDifficulty(left, right) || left.topic.localeCompare(right.topic))
      .map(({ courseSlug, topic, answered, correct }) => ({ courseSlug, topic, topicName: topicNameOf(courseSlug, topic), answered, correctRate: rateOf(correct, answered) })),
    questions: [...questions.values()]
      .sort((left, right) => byDifficulty(left, right) || position(left.courseSlug) - position(right.courseSlug) || left.questionId.localeCompare(right.questionId))
      .slice(0, MAX_QUESTIONS)
      .map(({ courseSlug, questionId, topic, prompt, answered, correct }) => ({
        courseSlug,
        questionId,
        topic,
        topicName: topicNameOf(courseSlug, topic),
        prompt: cut(prompt, PROMPT_CHARS),
        answered,
        correctRate: rateOf(correct, answered),
      })),
  };
}
