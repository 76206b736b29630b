import type { ExamQuestion } from '@campus/contracts/exams';

export interface ExamQuestionViewProps {
  question: ExamQuestion;
  number: number;
  count: number;
  chosen: string[];
  disabled: boolean;
  onChoose: (choiceId: string, checked: boolean) => void;
}

/** One question: radios for a single answer, checkboxes for several. */
export function ExamQuestionView({ question, number, count, chosen, disabled, onChoose }: ExamQuestionViewProps) {
  const multiple = question.type === 'multiple';
  const headingId = `exam-question-${question.questionId}`;
  return (
    <section className="exam-question" aria-labelledby={headingId}>
      <h2 id={headingId} className="exam-question__number">
        問{number}
        <span className="exam-question__count">（全{count}問）</span>
      </h2>
      <fieldset className="exam-question__choices" disabled={disabled}>
        <legend className="exam-question__prompt">{question.prompt}</legend>
        <p className="exam-question__hint">{multiple ? '当てはまるものをすべて選んでください。' : '1つ選んでください。'}</p>
        <ul>
          {question.choices.map((choice) => (
            <li key={choice.choiceId}>
              <label className="exam-choice">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`answer-${question.questionId}`}
                  value={choice.choiceId}
                  checked={chosen.includes(choice.choiceId)}
                  onChange={(event) => onChoose(choice.choiceId, event.currentTarget.checked)}
                />
                <span>{choice.text}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
