import type { ExamResult } from '@campus/contracts/exams';
import type { CertificateIssuedPush } from '@campus/contracts/realtime';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { SkillBadgeImage } from '../../../components/artwork/skill-badge-image';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { CERTIFICATES_PATH, certificatePath } from '../../../lib/certificate-paths';
import { coursePath, examPolicyPath } from '../exam-paths';
import { useExamResult } from '../hooks/use-exam-result';
import { selectCertificate, selectResult, selectResultPhase, type examResultMachine } from '../machines/exam-result.machine';
import './exam.css';

export interface ExamResultViewProps {
  courseSlug: string;
  /** What the badge is called (the course card's label). */
  courseLabel: string;
  /** The session just finished (from the exam page), or null for the latest result. */
  examSessionId: string | null;
  /** Tests pass the machine with fakes. */
  logic?: typeof examResultMachine;
}

/** Spec §2 exam result: pass or fail, score, topics — never the answers of single questions. */
export function ExamResultView({ courseSlug, courseLabel, examSessionId, logic }: ExamResultViewProps) {
  const actor = useExamResult(courseSlug, examSessionId, logic);
  const phase = useSelector(actor, selectResultPhase);
  const result = useSelector(actor, selectResult);
  const certificate = useSelector(actor, selectCertificate);

  if (phase === 'grading') {
    return (
      <section className="exam-result exam-result--grading" aria-busy="true" aria-label="採点中">
        <p role="status">採点中です…</p>
        <div className="page-skeleton__block" aria-hidden="true" />
        <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
      </section>
    );
  }

  if (phase === 'failed') {
    return (
      <section className="exam-result">
        <p role="alert">試験結果を読み込めませんでした。</p>
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'RETRY' })}>
          再読み込み
        </button>
      </section>
    );
  }

  if (phase === 'delayed') {
    return (
      <section className="exam-result">
        <p role="alert">採点に時間がかかっています。しばらくしてから、もう一度ご確認ください。</p>
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'RETRY' })}>
          再読み込み
        </button>
      </section>
    );
  }

  if (phase === 'none' || !result) {
    return (
      <section className="exam-result exam-result--none">
        <p>表示できる試験結果はまだありません。</p>
        <Link className="button" to={coursePath(courseSlug)}>
          コースページへ戻る
        </Link>
      </section>
    );
  }

  return <ResultSummary courseSlug={courseSlug} courseLabel={courseLabel} result={result} certificate={certificate} />;
}

function ResultSummary({ courseSlug, courseLabel, result, certificate }: { courseSlug: string; courseLabel: string; result: ExamResult; certificate: CertificateIssuedPush | null }) {
  return (
    <section className={`exam-result exam-result--${result.passed ? 'passed' : 'failed'}`} aria-labelledby="exam-result-verdict">
      {result.passed ? <SkillBadgeImage courseSlug={courseSlug} label={courseLabel} size={160} eager /> : null}
      <h2 id="exam-result-verdict" className="exam-result__verdict">
        {result.passed ? '合格' : '不合格'}
      </h2>
      <p className="exam-result__lead">
        {result.passed ? 'おめでとうございます。認定試験に合格しました。' : '残念ながら、今回は合格ラインに届きませんでした。'}
      </p>
      <dl className="exam-result__score">
        <div>
          <dt>正答率</dt>
          <dd>{result.percent}%</dd>
        </div>
        <div>
          <dt>正解数</dt>
          <dd>
            {result.correct} / {result.total}問
          </dd>
        </div>
        <div>
          <dt>終了日時</dt>
          <dd>{formatJapaneseDateTime(result.finishedAt)}</dd>
        </div>
      </dl>

      {result.topics.length > 0 ? (
        <table className="exam-result__topics">
          <caption>分野別の結果</caption>
          <thead>
            <tr>
              <th scope="col">分野</th>
              <th scope="col">正解数</th>
              <th scope="col">正答率</th>
            </tr>
          </thead>
          <tbody>
            {result.topics.map((topic) => (
              <tr key={topic.topic}>
                <th scope="row">{topic.name}</th>
                <td>
                  {topic.correct} / {topic.total}問
                </td>
                <td>{topic.total > 0 ? Math.round((topic.correct / topic.total) * 100) : 0}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {/* Announced when the certificate is issued while the page is open (certificate.issued). */}
      <p role="status" className="exam-result__certificate">
        {result.passed && certificate ? '認定証が発行されました。' : null}
      </p>

      {result.passed ? (
        <p className="exam-result__actions">
          <Link className="button button--primary" to={certificate ? certificatePath(certificate.slug) : CERTIFICATES_PATH}>
            認定証を見る
          </Link>
          <Link className="button" to={coursePath(courseSlug)}>
            コースページへ戻る
          </Link>
        </p>
      ) : (
        <>
          {result.nextAttemptAt ? (
            <p className="exam-result__next">次回の受験は {formatJapaneseDateTime(result.nextAttemptAt)} から可能です。</p>
          ) : null}
          <p className="exam-result__actions">
            <Link className="button button--primary" to={coursePath(courseSlug)}>
              コースページへ戻る
            </Link>
            <Link className="button" to={examPolicyPath(courseSlug)}>
              受験規約を見る
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
