import { QUESTION_STATUSES } from '@campus/contracts/studio-questions';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { AdminEmpty, AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { bankOverviewMachine } from '../machines/bank-overview.machine';
import { QUESTION_STATUS_LABELS, questionBankPath } from '../question-labels';
import './studio-questions.css';

/** /admin/studio/questions: each certification course with its bank's size per state. */
export function QuestionBankOverview({ logic = bankOverviewMachine }: { logic?: typeof bankOverviewMachine }) {
  const [snapshot, send] = useMachine(logic);
  const { banks, error } = snapshot.context;
  if (snapshot.matches('loading')) return <AdminLoading label="問題バンクを読み込み中" />;
  if (snapshot.matches('failed')) return <AdminLoadFailed message={error ?? '問題バンクを読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  if (banks.length === 0) return <AdminEmpty>認定コースがまだありません。</AdminEmpty>;
  return (
    <div className="qbank">
      <p className="qbank__hint">問題は下書き → レビュー → 公開 の順に進み、公開中の問題だけが試験に出ます。編集するたびに新しい版になります。</p>
      <ul className="qbank-courses" aria-label="認定コース">
        {banks.map((bank) => (
          <li key={bank.courseSlug} className="qbank-card">
            <Link className="qbank-card__title" to={questionBankPath(bank.courseSlug)}>
              {bank.courseTitle}
            </Link>
            <p className="qbank-card__meta">
              1 回の試験で {bank.questionCount} 問出題・公開中 {bank.byStatus.published} 問
            </p>
            <ul className="qbank-chips" aria-label={`${bank.courseTitle} の問題数`}>
              {QUESTION_STATUSES.map((status) => (
                <li key={status} className={`qbank-chip qbank-chip--${status}`}>
                  {QUESTION_STATUS_LABELS[status]} {bank.byStatus[status]}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
