import { CERTIFICATION_COURSES, type CertificationSlug } from '@campus/contracts/catalogue-slugs';
import { examPageName } from '@campus/contracts/page-names';
import { useLoaderData, useParams, useSearchParams } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { useCurrentUser } from '../../lib/session/use-session';
import { Breadcrumb } from '../../components/breadcrumb';
import { ExamSettings } from '../../features/catalogue/components/exam-settings';
import { loadCertificationCourse, type CertificationCourseData } from '../../features/catalogue/loaders/badge.loaders';
import { ExamPolicyView } from '../../features/exam/components/exam-policy-view';
import { ExamResultView } from '../../features/exam/components/exam-result-view';
import { ExamView } from '../../features/exam/components/exam-view';
import { BADGE_PATH, BADGE_TITLE, coursePath } from '../../features/exam/exam-paths';
import { pageTitle } from '../../lib/site';
import '../../features/catalogue/components/badge.css';

// The router's slug check has run before these render.
const useCourseSlug = () => useParams().courseSlug as CertificationSlug;

const breadcrumb = (slug: CertificationSlug, current: string) => [
  { label: BADGE_TITLE, to: BADGE_PATH },
  { label: CERTIFICATION_COURSES[slug].label, to: coursePath(slug) },
  { label: current },
];

/** The exam settings come from the course (問題数, 制限時間, 合格ライン, retake wait). */
export const examPolicyLoader = loadCertificationCourse;

/** Spec §2 `…/courses/{courseSlug}/exam-policy`: rules, agreement, start (or resume). */
export function ExamPolicyPage() {
  const { course } = useLoaderData() as CertificationCourseData;
  const slug = useCourseSlug();
  const user = useCurrentUser();
  const title = examPageName(slug, 'exam-policy');
  return (
    <>
      <title>{pageTitle(title)}</title>
      <Breadcrumb items={breadcrumb(slug, '受験規約')} />
      <h1><PhraseText text={title} /></h1>
      <ExamPolicyView
        courseSlug={slug}
        settings={<ExamSettings exam={course.exam} extraMinutes={course.examExtraMinutes} />}
        retakeWaitHours={course.exam.retakeWaitHours}
        standing={course}
        loggedIn={user !== null}
        hasProfile={user?.hasProfile === true}
      />
    </>
  );
}

/** Spec §2 `…/courses/{courseSlug}/exam` (empty layout): the running exam. */
export function ExamPage() {
  const slug = useCourseSlug();
  const title = examPageName(slug, 'exam');
  return (
    <>
      <title>{pageTitle(title)}</title>
      {/* A new course in the same page is a new exam: key the actor by slug. */}
      <ExamView key={slug} courseSlug={slug} title={title} />
    </>
  );
}

/** Spec §2 `…/courses/{courseSlug}/exam-result`: waits for grading, then the result. */
export function ExamResultPage() {
  const slug = useCourseSlug();
  const [search] = useSearchParams();
  const examSessionId = search.get('session');
  const title = examPageName(slug, 'exam-result');
  return (
    <>
      <title>{pageTitle(title)}</title>
      <Breadcrumb items={breadcrumb(slug, '試験結果')} />
      <h1><PhraseText text={title} /></h1>
      <ExamResultView key={`${slug}:${examSessionId ?? ''}`} courseSlug={slug} examSessionId={examSessionId} />
    </>
  );
}
