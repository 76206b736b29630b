import { examPageName } from '@campus/contracts/page-names';
import { useLoaderData, useSearchParams } from 'react-router-dom';
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

const breadcrumb = (course: { slug: string; label: string }, current: string) => [
  { label: BADGE_TITLE, to: BADGE_PATH },
  { label: course.label, to: coursePath(course.slug) },
  { label: current },
];

/** The exam settings come from the course (問題数, 制限時間, 合格ライン, retake wait). */
export const examPolicyLoader = loadCertificationCourse;

/** Spec §2 `…/courses/{courseSlug}/exam-policy`: rules, agreement, start (or resume). */
export function ExamPolicyPage() {
  const { course } = useLoaderData() as CertificationCourseData;
  const slug = course.slug;
  const user = useCurrentUser();
  const title = examPageName(slug, 'exam-policy', course.title);
  return (
    <>
      <title>{pageTitle(title)}</title>
      <Breadcrumb items={breadcrumb(course, '受験規約')} />
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

/** The course must be in the catalogue (the studio adds slugs the router cannot know), and names the page. */
export const examLoader = loadCertificationCourse;

/** Spec §2 `…/courses/{courseSlug}/exam` (empty layout): the running exam. */
export function ExamPage() {
  const { course } = useLoaderData() as CertificationCourseData;
  const slug = course.slug;
  const title = examPageName(slug, 'exam', course.title);
  return (
    <>
      <title>{pageTitle(title)}</title>
      {/* A new course in the same page is a new exam: key the actor by slug. */}
      <ExamView key={slug} courseSlug={slug} title={title} />
    </>
  );
}

/** The result names the course and its badge: a studio course is known by its title only. */
export const examResultLoader = loadCertificationCourse;

/** Spec §2 `…/courses/{courseSlug}/exam-result`: waits for grading, then the result. */
export function ExamResultPage() {
  const { course } = useLoaderData() as CertificationCourseData;
  const slug = course.slug;
  const [search] = useSearchParams();
  const examSessionId = search.get('session');
  const title = examPageName(slug, 'exam-result', course.title);
  return (
    <>
      <title>{pageTitle(title)}</title>
      <Breadcrumb items={breadcrumb(course, '試験結果')} />
      <h1><PhraseText text={title} /></h1>
      <ExamResultView key={`${slug}:${examSessionId ?? ''}`} courseSlug={slug} courseLabel={course.label} examSessionId={examSessionId} />
    </>
  );
}
