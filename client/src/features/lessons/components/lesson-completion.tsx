import type { LessonDetail } from '@campus/contracts/lessons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { createPath, useLocation } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { trackEvent, trackGoal } from '../../../lib/analytics';
import { loginUrl } from '../../../lib/session/login-url';
import { useCurrentUser, useSessionStatus } from '../../../lib/session/use-session';
import { CourseProgress } from '../../../components/course-progress';
import { addressOf } from '../lesson-address';
import { lessonCompletionMachine, selectPhase, selectProgress } from '../machines/lesson-completion.machine';

export const COMPLETE_LABEL = 'このレッスンを完了する';
export const VISITOR_NOTE = 'ログインすると受講の記録が残ります。';

export interface LessonCompletionProps {
  lesson: LessonDetail;
  /** The learner has gone through the whole slide deck: a good moment to record the lesson. */
  slidesFinished?: boolean;
  /** Tests pass `lessonCompletionMachine.provide({...})`. */
  logic?: typeof lessonCompletionMachine;
}

/**
 * Recording the lesson as done: the button for a learner (logged in, agreements accepted), a way to
 * log in for visitors. Nothing shows while the session is still being checked.
 */
export function LessonCompletion({ lesson, slidesFinished = false, logic }: LessonCompletionProps) {
  const status = useSessionStatus();
  const user = useCurrentUser();
  let content;
  if (status === 'checking' || status === 'loggingOut') content = null;
  else if (!user) content = <VisitorNote />;
  else if (!user.hasAcceptedAgreements) content = <p>利用規約とプライバシーポリシーに同意すると、受講の記録が残ります。</p>;
  else content = <CompletionControl lesson={lesson} slidesFinished={slidesFinished} logic={logic ?? lessonCompletionMachine} />;
  return (
    <section className="lesson-section lesson-completion" aria-labelledby="lesson-completion-title" aria-busy={content === null || undefined}>
      <h2 id="lesson-completion-title"><PhraseText text="受講の記録" /></h2>
      {content}
    </section>
  );
}

function VisitorNote() {
  const location = useLocation();
  const currentUrl = `${window.location.origin}${createPath(location)}`;
  return (
    <div className="lesson-completion__visitor">
      <p>{VISITOR_NOTE}</p>
      <a
        className="button"
        href={loginUrl(currentUrl)}
        onClick={() => {
          // Spec §4: a login event, then the login address.
          trackEvent('login');
          trackGoal('login');
        }}
      >
        ログイン
      </a>
    </div>
  );
}

function CompletionControl({ lesson, slidesFinished, logic }: { lesson: LessonDetail; slidesFinished: boolean; logic: typeof lessonCompletionMachine }) {
  const actor = useActorRef(logic, { input: { address: addressOf(lesson), isCompleted: lesson.isCompleted } });
  const phase = useSelector(actor, selectPhase);
  const progress = useSelector(actor, selectProgress);

  // The button goes away once pressed: focus the result instead, unless the review popup takes it.
  const doneRef = useRef<HTMLDivElement>(null);
  const previousPhase = useRef(phase);
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = phase;
    if (before === 'completing' && phase === 'completed' && progress?.feedbackPopupType === null) doneRef.current?.focus();
  }, [phase, progress]);

  if (phase === 'completed') {
    return (
      <div ref={doneRef} tabIndex={-1} className="lesson-completion__done" role="status">
        <p className="lesson-completion__mark">
          <span aria-hidden="true">✓ </span>完了済み
        </p>
        {progress ? <CourseProgress completed={progress.completedLessonCount} total={progress.lessonCount} /> : null}
        {progress?.courseCompleted ? <p>このコースのレッスンをすべて完了しました。おめでとうございます！</p> : null}
      </div>
    );
  }
  const completing = phase === 'completing';
  return (
    <div className="lesson-completion__todo">
      {slidesFinished ? <p>最後のスライドまで進みました。内容を確認できたら、レッスンを完了しましょう。</p> : null}
      <button
        type="button"
        className="button button--primary"
        disabled={completing}
        aria-busy={completing || undefined}
        onClick={() => actor.send({ type: 'COMPLETE' })}
      >
        {COMPLETE_LABEL}
      </button>
    </div>
  );
}
