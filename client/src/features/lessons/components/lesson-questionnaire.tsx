import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { PhraseText } from '../../../components/phrase-text';
import type { LessonAddress } from '../lesson-address';
import { QUESTIONNAIRE_COMMENT_LIMIT, tooLongMessage } from '../lesson-limits';
import {
  lessonQuestionnaireMachine,
  selectComment,
  selectCommentTooLong,
  selectQuestionnairePhase,
  selectUseful,
} from '../machines/lesson-questionnaire.machine';

export const QUESTIONNAIRE_TITLE = 'このレッスンは役に立ちましたか？';
export const QUESTIONNAIRE_THANKS = 'ご回答ありがとうございました。今後のレッスンづくりの参考にさせていただきます。';

export interface LessonQuestionnaireProps {
  address: LessonAddress;
  /** Tests pass `lessonQuestionnaireMachine.provide({...})`. */
  logic?: typeof lessonQuestionnaireMachine;
}

/** 「このレッスンは役に立ちましたか？」 はい / いいえ, an optional comment, 送信する (everyone may answer). */
export function LessonQuestionnaire({ address, logic = lessonQuestionnaireMachine }: LessonQuestionnaireProps) {
  const actor = useActorRef(logic, { input: address });
  const phase = useSelector(actor, selectQuestionnairePhase);
  const useful = useSelector(actor, selectUseful);
  const comment = useSelector(actor, selectComment);
  const tooLong = useSelector(actor, selectCommentTooLong);
  const id = useId();
  const sending = phase === 'sending';

  return (
    <section className="lesson-section lesson-questionnaire" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}><PhraseText text={QUESTIONNAIRE_TITLE} /></h2>
      {phase === 'thanked' ? (
        <p role="status">{QUESTIONNAIRE_THANKS}</p>
      ) : (
        <>
          <div className="lesson-questionnaire__answers" role="group" aria-labelledby={`${id}-title`}>
            {[true, false].map((value) => (
              <button
                key={String(value)}
                type="button"
                className={useful === value ? 'button button--primary' : 'button'}
                aria-pressed={useful === value}
                disabled={sending}
                onClick={() => actor.send({ type: 'ANSWER', useful: value })}
              >
                {value ? 'はい' : 'いいえ'}
              </button>
            ))}
          </div>
          {phase === 'asking' ? null : (
            <form
              className="lesson-questionnaire__form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                actor.send({ type: 'SEND' });
              }}
            >
              <label htmlFor={`${id}-comment`}>ご意見・ご感想（任意）</label>
              <textarea
                id={`${id}-comment`}
                className="lesson-textarea"
                rows={4}
                value={comment}
                disabled={sending}
                aria-invalid={tooLong || undefined}
                aria-describedby={tooLong ? `${id}-counter ${id}-error` : `${id}-counter`}
                onChange={(event) => actor.send({ type: 'EDIT', comment: event.target.value })}
              />
              <p id={`${id}-counter`} className={tooLong ? 'lesson-counter lesson-counter--over' : 'lesson-counter'}>
                {comment.length} / {QUESTIONNAIRE_COMMENT_LIMIT}文字
              </p>
              {tooLong ? (
                <p id={`${id}-error`} className="lesson-field-error" role="alert">
                  {tooLongMessage(QUESTIONNAIRE_COMMENT_LIMIT)}
                </p>
              ) : null}
              <button type="submit" className="button button--primary" disabled={tooLong || sending} aria-busy={sending || undefined}>
                送信する
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
