import type { ExamQuestion } from '@campus/contracts/exams';
import { useEffect, useRef } from 'react';

export interface ExamQuestionViewProps {
  question: ExamQuestion;
  number: number;
  count: number;
  chosen: string[];
  disabled: boolean;
  /** The id of a text each choice is also described by (the exam's keyboard hint, on the first question). */
  describedBy?: string;
  onChoose: (choiceId: string, checked: boolean) => void;
}

/** One question: radios for a single answer, checkboxes for several. */
export function ExamQuestionView({ question, number, count, chosen, disabled, describedBy, onChoose }: ExamQuestionViewProps) {
  const multiple = question.type === 'multiple';
  const headingId = `exam-question-${question.questionId}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each question is a new view (keyed by its id): the focus starts at its heading, whichever way it
  // came (the exam opening, 次の問題, 前の問題, the question list). A screen reader then says 問N of
  // 全M問 and reads on into the prompt and the choices; a first choice taking the focus would skip the
  // number and the hint (1つ / すべて), and one Tab reaches the choices from the heading anyway.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="exam-question" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="exam-question__number">
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
                  aria-describedby={describedBy}
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
