import { useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageSkeleton } from '../../../components/page-skeleton';
import { examPolicyPath, examResultPath } from '../exam-paths';
import { useExamSession } from '../hooks/use-exam-session';
import {
  isAnswered,
  selectAnsweredCount,
  selectAnswers,
  selectCurrentIndex,
  selectLoadError,
  selectPhase,
  selectQuestions,
  type examSessionMachine,
} from '../machines/exam-session.machine';
import { ExamQuestionView } from './exam-question';
import { ExamStatusBar } from './exam-status-bar';
import './exam.css';
import { PhraseText } from '../../../components/phrase-text';

/** Enter on a choice submits the question's form (次の問題): nothing else on the page would tell. */
export const KEYBOARD_HINT = 'キーボードでは、選択肢で Enter キーを押すと次の問題に進みます。';
const KEYBOARD_HINT_ID = 'exam-keyboard-hint';

export interface ExamViewProps {
  courseSlug: string;
  /** The page heading, e.g. 「LINE広告 Basic 認定試験」. */
  title: string;
  /** Tests pass the machine with fakes. */
  logic?: typeof examSessionMachine;
}

/** Spec §2 exam: one question at a time, the countdown, the save state, and 解答を送信する. */
export function ExamView({ courseSlug, title, logic }: ExamViewProps) {
  const actor = useExamSession(courseSlug, logic);
  const phase = useSelector(actor, selectPhase);
  const questions = useSelector(actor, selectQuestions);
  const answers = useSelector(actor, selectAnswers);
  const index = useSelector(actor, selectCurrentIndex);
  const answeredCount = useSelector(actor, selectAnsweredCount);
  const loadError = useSelector(actor, selectLoadError);
  const submitRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLElement>(null);
  const confirming = phase === 'confirming';
  const wasConfirming = useRef(false);

  // The confirmation takes the focus when it opens, and gives it back to 解答を送信する when the
  // learner returns to the answers (not when sending: that button is disabled, then the page changes).
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) submitRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (phase === 'loading') return <PageSkeleton title={title} note="試験を読み込んでいます…" />;

  if (phase === 'noSession') {
    return (
      <section className="exam-empty" aria-labelledby="exam-title">
        <h1 id="exam-title">
          <PhraseText text={title} />
        </h1>
        <p>受験中の試験はありません。</p>
        <p className="exam-empty__actions">
          <Link className="button button--primary" to={examPolicyPath(courseSlug)}>
            受験規約へ
          </Link>
          <Link className="button" to={examResultPath(courseSlug)}>
            試験結果を見る
          </Link>
        </p>
      </section>
    );
  }

  if (phase === 'loadFailed') {
    return (
      <section className="exam-empty" aria-labelledby="exam-title">
        <h1 id="exam-title">
          <PhraseText text={title} />
        </h1>
        <p role="alert">{loadError ?? '試験を読み込めませんでした。'}</p>
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'RETRY' })}>
          再読み込み
        </button>
      </section>
    );
  }

  const question = questions[index];
  const count = questions.length;
  const locked = phase === 'submitting' || phase === 'finishing';
  const unanswered = count - answeredCount;

  return (
    <div className="exam">
      <header className="exam__header">
        <h1 className="exam__title">
          <PhraseText text={title} />
        </h1>
        <ExamStatusBar actor={actor} />
      </header>

      <div className="exam__progress">
        <span>
          回答済み {answeredCount} / {count}問
        </span>
        <progress aria-label="回答状況" max={count} value={answeredCount} />
      </div>

      {/* Said once, for every question: the first question's choices also carry it to screen readers. */}
      <p id={KEYBOARD_HINT_ID} className="exam__keyboard-hint">
        <PhraseText text={KEYBOARD_HINT} />
      </p>

      {/* A form so that Enter on a choice moves on (the browser's implicit submission to 次の問題). */}
      <form
        className="exam__sheet"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'NEXT' });
        }}
      >
        {/* 前の問題 stands above the question (before it in the tab order too, Shift+Tab from the
            question's heading), so that 次の問題 is the first stop after the choices. */}
        <div className="exam__steps exam__steps--back">
          <button type="button" className="button" disabled={index === 0} onClick={() => actor.send({ type: 'PREVIOUS' })}>
            前の問題
          </button>
        </div>

        {question ? (
          <ExamQuestionView
            key={question.questionId}
            question={question}
            number={index + 1}
            count={count}
            chosen={answers[question.questionId] ?? []}
            disabled={locked}
            describedBy={index === 0 ? KEYBOARD_HINT_ID : undefined}
            onChoose={(choiceId, checked) => actor.send({ type: 'CHOOSE', questionId: question.questionId, choiceId, checked })}
          />
        ) : null}

        <div className="exam__steps exam__steps--forward">
          <button type="submit" className="button" disabled={index >= count - 1}>
            次の問題
          </button>
        </div>
      </form>

      {confirming ? (
        <section
          ref={confirmRef}
          className="exam__confirm"
          role="region"
          aria-labelledby="exam-confirm-title"
          aria-describedby={unanswered > 0 ? 'exam-confirm-text exam-confirm-warning' : 'exam-confirm-text'}
          tabIndex={-1}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Escape') actor.send({ type: 'CANCEL_SUBMIT' });
          }}
        >
          <h2 id="exam-confirm-title">解答を送信しますか？</h2>
          <p id="exam-confirm-text">送信すると試験は終了し、解答は変更できなくなります。</p>
          {unanswered > 0 ? (
            <p id="exam-confirm-warning" className="exam__confirm-warning">
              未回答の問題が{unanswered}問あります。
            </p>
          ) : null}
          <div className="exam__confirm-actions">
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'CONFIRM_SUBMIT' })}>
              送信する
            </button>
            <button type="button" className="button" onClick={() => actor.send({ type: 'CANCEL_SUBMIT' })}>
              解答に戻る
            </button>
          </div>
        </section>
      ) : (
        <div className="exam__submit">
          <button
            ref={submitRef}
            type="button"
            className="button button--primary"
            disabled={locked}
            aria-busy={phase === 'submitting' || undefined}
            onClick={() => actor.send({ type: 'REQUEST_SUBMIT' })}
          >
            解答を送信する
          </button>
          {phase === 'submitting' ? (
            <p role="status" className="exam__submitting">
              送信中…
            </p>
          ) : null}
        </div>
      )}

      <nav className="exam__index" aria-label="問題一覧">
        <ol>
          {questions.map((item, position) => {
            const answered = isAnswered(answers, item.questionId);
            return (
              <li key={item.questionId}>
                <button
                  type="button"
                  className={`exam__index-item${answered ? ' exam__index-item--answered' : ''}`}
                  aria-current={position === index ? 'step' : undefined}
                  aria-label={`問${position + 1}（${answered ? '回答済み' : '未回答'}）`}
                  onClick={() => actor.send({ type: 'GO_TO', index: position })}
                >
                  {position + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
