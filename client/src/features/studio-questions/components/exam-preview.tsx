import type { ExamPreview } from '@campus/contracts/studio-questions';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { examPreviewMachine } from '../machines/exam-preview.machine';
import { QUESTION_STATUS_LABELS, questionBankPath, questionEditPath } from '../question-labels';
import './studio-questions.css';

export type PreviewQuestion = ExamPreview['questions'][number];

/** How a learner's exam draws one question; the page passes the exam's own component. */
export type RenderLearnerQuestion = (props: {
  question: { questionId: string; type: 'single' | 'multiple'; prompt: string; choices: { choiceId: string; text: string }[] };
  number: number;
  count: number;
  chosen: string[];
  onChoose: (choiceId: string, checked: boolean) => void;
}) => ReactNode;

/** /admin/studio/questions/{courseSlug}/preview: a sample exam from the working bank, answers hidden until asked. */
export function ExamPreviewView({ courseSlug, renderQuestion, logic = examPreviewMachine }: { courseSlug: string; renderQuestion: RenderLearnerQuestion; logic?: typeof examPreviewMachine }) {
  const [snapshot, send] = useMachine(logic, { input: { courseSlug } });
  const { preview, showAnswers, chosen, current, error } = snapshot.context;
  if (snapshot.matches('failed')) return <AdminLoadFailed message={error ?? '見本の試験を作れませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  if (snapshot.matches('drawing') || !preview) return <AdminLoading label="見本の試験を作成中" />;
  const count = preview.questions.length;
  const question = preview.questions[current];

  return (
    <div className="qbank">
      <p className="qbank__hint">
        <Link to={questionBankPath(courseSlug)}>{preview.courseTitle} の問題一覧へ</Link>
      </p>
      <p className="qbank-notice" role="status">
        出題設計どおりに、作業中の問題（下書き・レビュー中を含み、廃止を除く各問題の最新の版）から {count} 問を引きました。制限時間 {preview.minutes} 分。何も保存されず、受講者には見えません。
      </p>
      {preview.shortTopics.length > 0 ? (
        <p className="admin-form__error" role="alert">
          問題が足りない分野があります: {preview.shortTopics.map((topic) => `${topic.name}（必要 ${topic.required} 問、あるのは ${topic.available} 問）`).join('、')}
        </p>
      ) : null}
      <div className="qbank__actions">
        <button type="button" className="button" aria-pressed={showAnswers} onClick={() => send({ type: 'TOGGLE_ANSWERS' })}>
          {showAnswers ? '正解と解説を隠す' : '正解と解説を表示'}
        </button>
        <button type="button" className="button button--quiet" onClick={() => send({ type: 'REDRAW' })}>
          引き直す
        </button>
      </div>
      {question ? (
        <div className="qbank-preview__question">
          {/* Keyed: each question is a new view, as in the exam (its focus starts on the choices). */}
          <div key={question.questionId}>
            {renderQuestion({
              question: { questionId: question.questionId, type: question.type, prompt: question.prompt, choices: question.choices.map(({ choiceId, text }) => ({ choiceId, text })) },
              number: current + 1,
              count,
              chosen: chosen[question.questionId] ?? [],
              onChoose: (choiceId, checked) => send({ type: 'CHOOSE', questionId: question.questionId, choiceId, checked, multiple: question.type === 'multiple' }),
            })}
          </div>
          {showAnswers ? <Answer courseSlug={courseSlug} question={question} /> : null}
          <div className="qbank__actions">
            <button type="button" className="button" disabled={current === 0} onClick={() => send({ type: 'GO', index: current - 1 })}>
              前の問題
            </button>
            <button type="button" className="button button--primary" disabled={current >= count - 1} onClick={() => send({ type: 'GO', index: current + 1 })}>
              次の問題
            </button>
          </div>
        </div>
      ) : (
        <p className="empty-state__message">引ける問題がありません。</p>
      )}
      <nav aria-label="問題の一覧">
        <ol className="qbank-chips">
          {preview.questions.map((entry, index) => (
            <li key={entry.questionId}>
              <button type="button" className="qbank-chip" aria-current={index === current ? 'step' : undefined} onClick={() => send({ type: 'GO', index })}>
                問{index + 1}
                {(chosen[entry.questionId]?.length ?? 0) > 0 ? '（回答済み）' : ''}
              </button>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}

function Answer({ courseSlug, question }: { courseSlug: string; question: PreviewQuestion }) {
  const right = question.choices.filter((choice) => choice.correct).map((choice) => choice.text);
  return (
    <div className="qbank-preview__answer">
      <p>正解: {right.join(' / ')}</p>
      <p>解説: {question.explanation}</p>
      <p className="qbank-item__meta">
        <Link to={questionEditPath(courseSlug, question.questionId)}>{question.questionId}</Link>・第 {question.version} 版（{QUESTION_STATUS_LABELS[question.status]}）
      </p>
    </div>
  );
}
