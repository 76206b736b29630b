import type { AnswerCheck } from '@campus/contracts/lessons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { PhraseText } from '../../../components/phrase-text';
import { answerCheckMachine, selectCanCheck, selectResult, selectSelected } from '../machines/answer-check.machine';

export interface AnswerCheckCardProps {
  check: AnswerCheck;
  /** 1-based, shown when the lesson has several checks. */
  number: number;
  total: number;
}

const choiceClass = (index: number, selected: number | null, answer: number, answered: boolean) => {
  if (!answered) return 'answer-check__choice';
  if (index === answer) return 'answer-check__choice answer-check__choice--right';
  if (index === selected) return 'answer-check__choice answer-check__choice--wrong';
  return 'answer-check__choice';
};

/** One 確認問題: pick a choice, 回答する, then 正解です！ / 不正解です。 with the explanation; 「もう一度」 starts over. */
export function AnswerCheckCard({ check, number, total }: AnswerCheckCardProps) {
  const title = total > 1 ? `確認問題 ${number}` : '確認問題';
  const actor = useActorRef(answerCheckMachine, { input: { answer: check.answer, label: title } });
  const result = useSelector(actor, selectResult);
  const selected = useSelector(actor, selectSelected);
  const canCheck = useSelector(actor, selectCanCheck);
  const id = useId();
  const answered = result !== 'unanswered';

  // The pressed button goes away: take focus to what replaced it (the verdict, or the first choice again).
  const resultRef = useRef<HTMLDivElement>(null);
  const choicesRef = useRef<HTMLFieldSetElement>(null);
  const wasAnswered = useRef(answered);
  useEffect(() => {
    if (answered === wasAnswered.current) return;
    wasAnswered.current = answered;
    if (answered) resultRef.current?.focus();
    else choicesRef.current?.querySelector('input')?.focus();
  }, [answered]);

  return (
    <section className="answer-check card-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="answer-check__title">
        <PhraseText text={title} />
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'CHECK' });
        }}
      >
        <fieldset ref={choicesRef} className="answer-check__choices">
          <legend className="answer-check__question">{check.question}</legend>
          {check.choices.map((choice, index) => (
            <label key={index} className={choiceClass(index, selected, check.answer, answered)}>
              <input
                type="radio"
                name={`${id}-choice`}
                value={index}
                checked={selected === index}
                disabled={answered}
                onChange={() => actor.send({ type: 'SELECT', index })}
              />
              <span>{choice}</span>
            </label>
          ))}
        </fieldset>
        {answered ? null : (
          <button type="submit" className="button button--primary" disabled={!canCheck}>
            回答する
          </button>
        )}
      </form>
      {answered ? (
        <div ref={resultRef} tabIndex={-1} className={`answer-check__result answer-check__result--${result}`}>
          <p className="answer-check__verdict">{result === 'correct' ? '正解です！' : '不正解です。'}</p>
          <p className="answer-check__explanation">{check.explanation}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            もう一度
          </button>
        </div>
      ) : null}
    </section>
  );
}
