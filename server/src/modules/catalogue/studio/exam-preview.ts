import type { ExamBlueprint, ExamPreview, QuestionStatus } from '../../../contracts/studio-questions.js';

interface WorkingQuestion {
  questionId: string;
  version: number;
  status: QuestionStatus;
  topic: string;
  type: 'single' | 'multiple';
  prompt: string;
  choices: { text: string; correct: boolean }[];
  explanation: string;
}

/** A uniform shuffle (Fisher–Yates) with the given source of integers in [0, max). */
function shuffled<T>(items: readonly T[], randomBelow: (max: number) => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomBelow(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * The blueprint's count from each topic, picked at random from the working questions, choices shuffled
 * as a learner's exam shows them. A topic with too few questions gives what it has and is reported short,
 * so the admin sees the sample and what is missing rather than an error.
 */
export function samplePreview(
  blueprint: Pick<ExamBlueprint, 'topics' | 'topicNames'>,
  working: readonly WorkingQuestion[],
  randomBelow: (max: number) => number,
): Pick<ExamPreview, 'questions' | 'shortTopics'> {
  const shortTopics: ExamPreview['shortTopics'] = [];
  const picked: WorkingQuestion[] = [];
  for (const [topic, required] of Object.entries(blueprint.topics)) {
    const pool = working.filter((question) => question.topic === topic);
    if (pool.length < required) shortTopics.push({ topic, name: blueprint.topicNames[topic] ?? topic, required, available: pool.length });
    picked.push(...shuffled(pool, randomBelow).slice(0, required));
  }
  return {
    shortTopics,
    questions: shuffled(picked, randomBelow).map((question) => ({
      questionId: question.questionId,
      version: question.version,
      status: question.status,
      topic: question.topic,
      type: question.type,
      prompt: question.prompt,
      choices: shuffled(
        question.choices.map((choice, index) => ({ choiceId: `c${index + 1}`, ...choice })),
        randomBelow,
      ),
      explanation: question.explanation,
    })),
  };
}
