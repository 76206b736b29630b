import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { isWithin, REVIEW_FREETEXT_MAX, tooLongMessage } from '../lesson-limits';
import {
  SCORES,
  selectCanSubmit,
  selectFreetext,
  selectScore,
  selectShowsFreetext,
  type ReviewFormActorRef,
} from '../machines/review-form.machine';
import './lessons.css';
import './review-form.css';

export interface ReviewFormProps {
  actor: ReviewFormActorRef;
  /** The popup's action (the submission) is running. */
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

/** Accessible name of a star: 「3つ星」. */
export const starName = (score: number) => `${score}つ星`;

/**
 * The review popup's form (spec §4, §5): stars 1–5 as a radio group; once a star is chosen, an
 * optional free-text box with a counter. Behaviour is `reviewFormMachine`'s.
 */
export function ReviewForm({ actor, busy, onSubmit, onClose }: ReviewFormProps) {
  const score = useSelector(actor, selectScore);
  const freetext = useSelector(actor, selectFreetext);
  const showsFreetext = useSelector(actor, selectShowsFreetext);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const tooLong = !isWithin(freetext, REVIEW_FREETEXT_MAX);
  const id = useId();
  const textId = `${id}-text`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;

  return (
    <form
      className="review-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit && !busy) onSubmit();
      }}
    >
      <fieldset className="review-stars">
        <legend className="review-stars__legend">満足度</legend>
        <div className="review-stars__options">
          {SCORES.map((value) => (
            <label key={value} className={score !== null && value <= score ? 'review-stars__star review-stars__star--on' : 'review-stars__star'}>
              <input
                className="review-stars__input"
                type="radio"
                name={`${id}-score`}
                value={value}
                checked={score === value}
                disabled={busy}
                onChange={() => actor.send({ type: 'RATE', score: value })}
              />
              <span className="review-stars__icon" aria-hidden="true">
                ★
              </span>
              <span className="visually-hidden">{starName(value)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {showsFreetext ? (
        <div className="review-form__field">
          <label htmlFor={textId}>ご意見・ご感想（任意）</label>
          <textarea
            id={textId}
            className="lesson-textarea"
            rows={5}
            value={freetext}
            disabled={busy}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${counterId} ${errorId}` : counterId}
            onChange={(event) => actor.send({ type: 'EDIT', freetext: event.target.value })}
          />
          <p id={counterId} className={tooLong ? 'lesson-counter lesson-counter--over' : 'lesson-counter'}>
            {freetext.length} / {REVIEW_FREETEXT_MAX}文字
          </p>
          {tooLong ? (
            <p id={errorId} className="lesson-field-error" role="alert">
              {tooLongMessage(REVIEW_FREETEXT_MAX)}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="popup__actions">
        <button
          type="submit"
          className={busy ? 'popup__button popup__button--primary popup__button--busy' : 'popup__button popup__button--primary'}
          disabled={!canSubmit || busy}
        >
          送信する
        </button>
        <button type="button" className="popup__button popup__button--secondary" disabled={busy} onClick={onClose}>
          閉じる
        </button>
      </div>
    </form>
  );
}
