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
  const hintId = `${headingId}-hint`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const choicesRef = useRef<HTMLFieldSetElement>(null);
  // Each question is a new view (keyed by its id): the focus starts on its chosen (else first) choice,
  // whichever way it came (the exam opening, 次の問題, 前の問題, the question list), so answering takes no
  // Tab first (issue 32: a 20-question exam by Tab to 次の問題 within 120 key presses). Entering the group,
  // a screen reader says its legend (the prompt) and its description: 問N（全M問） and the hint (1つ /
  // すべて). With the choices disabled (time up) the heading takes it.
  useEffect(() => {
    const inputs = [...(choicesRef.current?.querySelectorAll<HTMLInputElement>('input:not(:disabled)') ?? [])];
    const target = inputs.find((input) => input.checked) ?? inputs[0] ?? headingRef.current;
    target?.focus();
  }, []);
  return (
    <section className="exam-question" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="exam-question__number">
        問{number}
        <span className="exam-question__count">（全{count}問）</span>
      </h2>
      <fieldset ref={choicesRef} className="exam-question__choices" disabled={disabled} aria-describedby={`${headingId} ${hintId}`}>
        <legend className="exam-question__prompt">{question.prompt}</legend>
        <p id={hintId} className="exam-question__hint">{multiple ? '当てはまるものをすべて選んでください。' : '1つ選んでください。'}</p>
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
