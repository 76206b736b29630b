import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import {
  certificationLabelOf,
  PROGRAM_BY_SERVICE_SLUG,
  SERVICE_LABELS,
  SERVICE_SLUGS,
  type ServiceSlug,
} from '@campus/contracts/catalogue-slugs';
import { Link, useLoaderData } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { SkillBadgeImage, badgeStateOf } from '../../components/artwork/skill-badge-image';
import { BadgeStatusView } from '../../features/catalogue/components/badge-status';
import { Breadcrumb } from '../../components/breadcrumb';
import { CourseDetailView } from '../../features/catalogue/components/course-detail';
import { ExamSettings } from '../../features/catalogue/components/exam-settings';
import { useMarkCourseVisited } from '../../features/course-activity/hooks/use-mark-course-visited';
import {
  loadBadgeLanding,
  loadCertificationCourse,
  type BadgeLandingData,
  type CertificationCourseData,
} from '../../features/catalogue/loaders/badge.loaders';
import { ExamStandingNotice, startIsHeldBack } from '../../features/exam/components/exam-standing-notice';
import { BADGE_PATH, BADGE_TITLE, examPath } from '../../features/exam/exam-paths';
import { formatJapaneseDate, formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { pageTitle } from '../../lib/site';
import '../../features/catalogue/components/badge.css';

export const badgeLandingLoader = loadBadgeLanding;
export const certificationCourseLoader = loadCertificationCourse;

/** Spec §2 `/lineyahoo-marketing-skill-badge`: the eight certification courses by service, with the learner's badges. */
export function BadgeLandingPage() {
  const { courses } = useLoaderData() as BadgeLandingData;
  return (
    <>
      <title>{pageTitle(BADGE_TITLE)}</title>
      <Breadcrumb items={[{ label: BADGE_TITLE }]} />
      <section className="hero" aria-labelledby="badge-title">
        <h1 id="badge-title"><PhraseText text={BADGE_TITLE} /></h1>
        <p>
          各サービスの認定コースで学び、認定試験に合格するとスキルバッジと認定証を取得できます。Advanced の受験には、同じ分野の Basic
          のスキルバッジが必要です。
        </p>
      </section>
      <CertificationCoursesByService courses={courses} serviceSlugs={SERVICE_SLUGS} />
    </>
  );
}

/** The certification courses of the given services, a section per service, with the learner's badges. */
export function CertificationCoursesByService({ courses, serviceSlugs }: { courses: CertificationCourseCard[]; serviceSlugs: readonly ServiceSlug[] }) {
  const groups = serviceSlugs
    .map((serviceSlug) => ({ serviceSlug, courses: courses.filter((course) => course.program === PROGRAM_BY_SERVICE_SLUG[serviceSlug]) }))
    .filter((group) => group.courses.length > 0);
  if (groups.length === 0) return <p>公開中の認定コースはまだありません。</p>;
  return (
    <div className="badge-programs">
      {groups.map((group) => (
        <section key={group.serviceSlug} aria-labelledby={`badge-${group.serviceSlug}`}>
          <h2 id={`badge-${group.serviceSlug}`}><PhraseText text={SERVICE_LABELS[group.serviceSlug]} /></h2>
          <ul className="card-grid badge-courses">
            {group.courses.map((course) => (
              <li key={course.slug}>
                <CertificationCourseSummary course={course} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function CertificationCourseSummary({ course }: { course: CertificationCourseCard }) {
  return (
    <article className="card-box badge-course" aria-labelledby={`badge-course-${course.slug}`}>
      <div className="badge-course__head">
        <SkillBadgeImage courseSlug={course.slug} label={course.label} state={badgeStateOf(course.badgeStatus)} size={96} />
        <div className="badge-course__heading">
          <h3 id={`badge-course-${course.slug}`} className="badge-course__title">
            <PhraseText text={course.label} />
          </h3>
          <BadgeStatusView status={course.badgeStatus} expiresAt={course.badgeExpiresAt} />
        </div>
      </div>
      <p className="badge-course__summary">{course.summary}</p>
      <ExamSettings exam={course.exam} />
      <Link className="button badge-course__link" to={course.path} aria-label={`${course.label}のコースを見る`}>
        コースを見る
      </Link>
    </article>
  );
}

/** Spec §2 `/lineyahoo-marketing-skill-badge/courses/{courseSlug}`: one certification course. */
export function CertificationCoursePage() {
  const { course } = useLoaderData() as CertificationCourseData;
  useMarkCourseVisited('certification', course.slug);
  return (
    <>
      <title>{pageTitle(course.title)}</title>
      <CourseDetailView course={course} breadcrumb={[{ label: BADGE_TITLE, to: BADGE_PATH }, { label: course.label }]}>
        <section className="certification-panel" aria-labelledby="certification-title">
          <h2 id="certification-title"><PhraseText text="スキルバッジと認定試験" /></h2>
          <div className="certification-panel__badge">
            <SkillBadgeImage courseSlug={course.slug} label={course.label} state={badgeStateOf(course.badgeStatus)} size={144} eager />
            <BadgeStatusView status={course.badgeStatus} expiresAt={course.badgeExpiresAt} />
          </div>
          <ExamSettings exam={course.exam} />
          {course.requiresSlug ? (
            <p>
              この認定試験を受験するには、{certificationLabelOf(course.requiresSlug, course.requiresSlug)} のスキルバッジが必要です。
            </p>
          ) : null}
          {course.runningExam ? (
            <p className="certification-panel__running">
              <span className="certification-panel__running-label">受験中</span>
              終了時刻（{formatJapaneseDateTime(course.runningExam.deadline)}）まで、続きから受験できます。
            </p>
          ) : startIsHeldBack(course) ? (
            // The server would refuse a start (EXAM_GRADING, EXAM_COOLDOWN): said here rather than after the policy page.
            <ExamStandingNotice course={course} />
          ) : (
            <RenewalNotice course={course} />
          )}
          <div className="certification-panel__actions">
            {course.runningExam ? (
              <Link className="button button--primary" to={examPath(course.slug)}>
                続きから受験する
              </Link>
            ) : startIsHeldBack(course) ? null : course.examOffer === 'take' ? (
              <Link className="button button--primary" to="exam-policy">
                受験する
              </Link>
            ) : course.examOffer === 'renew' ? (
              <Link className="button button--primary" to="exam-policy">
                更新受験
              </Link>
            ) : null}
            {course.requiresSlug ? (
              <Link className="button" to={`${BADGE_PATH}/courses/${course.requiresSlug}/`}>
                Basicコースを見る
              </Link>
            ) : null}
          </div>
        </section>
      </CourseDetailView>
    </>
  );
}

/**
 * A held badge is taken again only as its renewal (更新受験): offered from 30 days before it expires and
 * after it has expired; before that the page says when it opens (the server refuses an earlier start).
 */
function RenewalNotice({ course }: { course: CertificationCourseData['course'] }) {
  if (course.examOffer === 'held' && course.renewalOpensAt) {
    return <p className="certification-panel__renewal">スキルバッジを取得済みです。更新受験は{formatJapaneseDate(course.renewalOpensAt)}から受けられます。</p>;
  }
  if (course.examOffer !== 'renew') return null;
  return (
    <p className="certification-panel__renewal">
      {course.badgeStatus === 'expired'
        ? '有効期限が切れています。更新受験に合格すると、スキルバッジと新しい認定証が発行されます。'
        : '有効期限が近づいています。更新受験に合格すると、有効期限が延長され、新しい認定証が発行されます。'}
    </p>
  );
}
