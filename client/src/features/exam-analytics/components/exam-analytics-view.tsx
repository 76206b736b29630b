import { useActorRef, useSelector } from '@xstate/react';
import { PhraseText } from '../../../components/phrase-text';
import { tokyoDay } from '@campus/contracts/tokyo-date';
import { courseLabel } from '../course-labels';
import { examAnalyticsMachine, selectHasFailed, selectIsLoading } from '../machines/exam-analytics.machine';
import { AnalyticsControls } from './analytics-controls';
import { CourseTrendChart } from './course-trend-chart';
import { HardestQuestionsTable } from './hardest-questions-table';
import { ReviewScoreChart } from './review-score-chart';
import { TopicDifficultyChart } from './topic-difficulty-chart';
import './exam-analytics.css';

export interface ExamAnalyticsViewProps {
  /** Tests pass `examAnalyticsMachine.provide({...})`. */
  logic?: typeof examAnalyticsMachine;
  /** The clock the default range starts from. */
  now?: () => Date;
}

const GRANULARITY_NAMES = { day: '日ごと', week: '週ごと' } as const;

/**
 * The body of /admin/analytics (the page frame gives the heading): how the certification exams go —
 * attempts and pass rates, difficult topics and questions, review scores.
 */
export function ExamAnalyticsView({ logic = examAnalyticsMachine, now = () => new Date() }: ExamAnalyticsViewProps) {
  const actor = useActorRef(logic, { input: { today: tokyoDay(now()) } });
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectHasFailed);
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const data = useSelector(actor, (snapshot) => snapshot.context.data);
  const inputError = useSelector(actor, (snapshot) => snapshot.context.inputError);
  const loadError = useSelector(actor, (snapshot) => snapshot.context.loadError);
  const questionOrder = useSelector(actor, (snapshot) => snapshot.context.questionOrder);

  const attempted = data?.courses.filter((course) => course.attempts > 0) ?? [];
  const notAttempted = data?.courses.filter((course) => course.attempts === 0) ?? [];

  return (
    <div className="exam-analytics">
      <AnalyticsControls
        form={form}
        error={inputError}
        loading={loading}
        onEdit={(field, value) => actor.send({ type: 'EDIT', field, value })}
        onGranularity={(value) => actor.send({ type: 'EDIT', field: 'granularity', value })}
        onApply={() => actor.send({ type: 'APPLY' })}
      />

      {failed ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__message">{loadError}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            再試行
          </button>
        </div>
      ) : null}

      {loading && data === null ? (
        <div className="exam-analytics__skeleton" role="status">
          <span className="visually-hidden">集計を読み込んでいます…</span>
          <div className="page-skeleton__block" aria-hidden="true" />
          <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
          <div className="page-skeleton__block" aria-hidden="true" />
        </div>
      ) : null}

      {data !== null && !failed ? (
        <div className="exam-analytics__results" aria-busy={loading || undefined}>
          <p className="exam-analytics__range">
            {data.from} 〜 {data.to}（{GRANULARITY_NAMES[data.granularity]}）の集計
            {loading ? <span className="exam-analytics__updating">（更新中…）</span> : null}
          </p>

          <section className="analytics-section" aria-labelledby="analytics-attempts-heading">
            <h2 id="analytics-attempts-heading"><PhraseText text="受験数と合格率" /></h2>
            {attempted.length === 0 ? (
              <div className="empty-state">
                <p className="empty-state__message">この期間の受験はありません</p>
              </div>
            ) : (
              <>
                <div className="analytics-section__charts">
                  {attempted.map((course) => (
                    <CourseTrendChart key={course.courseSlug} course={course} granularity={data.granularity} />
                  ))}
                </div>
                {notAttempted.length > 0 ? (
                  <p className="analytics-section__note">
                    この期間に受験のないコース: {notAttempted.map((course) => courseLabel(course.courseSlug, course.title)).join('、')}
                  </p>
                ) : null}
              </>
            )}
          </section>

          {attempted.length > 0 ? (
            <>
              <section className="analytics-section" aria-labelledby="analytics-topics-heading">
                <h2 id="analytics-topics-heading"><PhraseText text="トピック別の正答率" /></h2>
                <TopicDifficultyChart topics={data.topics} />
              </section>
              <section className="analytics-section" aria-labelledby="analytics-questions-heading">
                <h2 id="analytics-questions-heading"><PhraseText text="正答率の低い問題" /></h2>
                <HardestQuestionsTable questions={data.questions} order={questionOrder} onSort={(column) => actor.send({ type: 'SORT_QUESTIONS', column })} />
              </section>
            </>
          ) : null}

          <section className="analytics-section" aria-labelledby="analytics-reviews-heading">
            <h2 id="analytics-reviews-heading"><PhraseText text="コースレビューの平均点" /></h2>
            <ReviewScoreChart reviews={data.reviews} />
          </section>
        </div>
      ) : null}
    </div>
  );
}
