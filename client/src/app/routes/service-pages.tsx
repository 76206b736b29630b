import { SERVICE_LABELS } from '@campus/contracts/catalogue-slugs';
import { videoAreaName } from '@campus/contracts/page-names';
import { useLoaderData } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { useCurrentUser } from '../../lib/session/use-session';
import { Breadcrumb } from '../../components/breadcrumb';
import { CategoryLinks } from '../../features/catalogue/components/category-links';
import { CourseDetailView } from '../../features/catalogue/components/course-detail';
import { CourseFilterForm } from '../../features/catalogue/components/course-filter-form';
import { CourseGrid } from '../../features/catalogue/components/course-grid';
import { CourseResults } from '../../features/catalogue/components/course-results';
import { isFavoriteKind } from '../../features/catalogue/course-labels';
import { useMarkCourseVisited } from '../../features/course-activity/hooks/use-mark-course-visited';
import { loadCoursePage, loadVideoCoursePage, type CoursePageData } from '../../features/catalogue/loaders/course-page.loader';
import { loadServiceLanding, type ServiceLandingData } from '../../features/catalogue/loaders/service-landing.loader';
import { loadVideoLanding, type VideoLandingData } from '../../features/catalogue/loaders/video-landing.loader';
import { pageTitle } from '../../lib/site';
import '../../features/catalogue/components/service-landing.css';

export const servicePageLoader = loadServiceLanding;
export const coursePageLoader = loadCoursePage;
export const videoServicePageLoader = loadVideoLanding;
export const videoCoursePageLoader = loadVideoCoursePage;

/** Spec §2 `/{serviceSlug}`: the program, its categories, the filtered course list and its seminars. */
export function ServicePage() {
  const { serviceSlug, description, categories, filters, courses, seminars, personalFiltersIgnored } = useLoaderData() as ServiceLandingData;
  const loggedIn = useCurrentUser() !== null;
  const label = SERVICE_LABELS[serviceSlug];
  return (
    <div className="service-landing">
      <title>{pageTitle(`${label}を学ぶ`)}</title>
      <Breadcrumb items={[{ label }]} />
      <header className="service-landing__header">
        <h1>
          <PhraseText text={`${label}を学ぶ`} />
        </h1>
        <p>{description}</p>
        <CategoryLinks serviceSlug={serviceSlug} categories={categories} label={`${label}のカテゴリー`} />
      </header>
      <div className="service-landing__body">
        <aside className="service-landing__filters">
          <CourseFilterForm categories={categories} showPersonalFilters={loggedIn} />
        </aside>
        <CourseResults serviceSlug={serviceSlug} filters={filters} courses={courses} personalFiltersIgnored={personalFiltersIgnored} />
      </div>
      <section className="service-landing__seminars" aria-labelledby="seminars-title">
        <h2 id="seminars-title"><PhraseText text="セミナー" /></h2>
        {seminars.length > 0 ? <CourseGrid courses={seminars} /> : <p>公開中のセミナーはまだありません。</p>}
      </section>
    </div>
  );
}

/** Spec §2 `/{serviceSlug}/courses/{courseSlug}`: a learning or seminar course. */
export function CoursePage() {
  const { serviceSlug, course } = useLoaderData() as CoursePageData;
  useMarkCourseVisited(isFavoriteKind(course.kind) ? course.kind : null, course.slug);
  const label = SERVICE_LABELS[serviceSlug];
  return (
    <>
      <title>{pageTitle(course.title)}</title>
      <CourseDetailView course={course} breadcrumb={[{ label, to: `/${serviceSlug}` }, { label: course.title }]} />
    </>
  );
}

/** Spec §2 `/learn-with-video/{serviceSlug}`: the program's video courses. */
export function VideoServicePage() {
  const { serviceSlug, courses } = useLoaderData() as VideoLandingData;
  const title = videoAreaName(serviceSlug);
  return (
    <div className="service-landing">
      <title>{pageTitle(title)}</title>
      <Breadcrumb items={[{ label: title }]} />
      <header className="service-landing__header">
        <h1><PhraseText text={title} /></h1>
        <p>{SERVICE_LABELS[serviceSlug]}の使い方を、短い動画でひとつずつ学べます。</p>
      </header>
      <section aria-labelledby="video-courses-title">
        <h2 id="video-courses-title"><PhraseText text="動画コース一覧" /></h2>
        {courses.length > 0 ? <CourseGrid courses={courses} eagerFirst /> : <p>公開中の動画コースはまだありません。</p>}
      </section>
    </div>
  );
}

/** Spec §2 `/learn-with-video/{serviceSlug}/courses/{courseSlug}`: a video course (no wish list, no history). */
export function VideoCoursePage() {
  const { serviceSlug, course } = useLoaderData() as CoursePageData;
  return (
    <>
      <title>{pageTitle(course.title)}</title>
      <CourseDetailView
        course={course}
        breadcrumb={[{ label: videoAreaName(serviceSlug), to: `/learn-with-video/${serviceSlug}` }, { label: course.title }]}
      />
    </>
  );
}
