import { SERVICE_LABELS } from '@campus/contracts/catalogue-slugs';
import { HOME_HERO } from '@campus/contracts/home-hero';
import { Link, useLoaderData } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { CampaignBanner } from '../../features/catalogue/components/campaign-banner';
import { CategoryLinks } from '../../features/catalogue/components/category-links';
import { CertificationBanner } from '../../features/catalogue/components/certification-banner';
import { CourseGrid } from '../../features/catalogue/components/course-grid';
import { FeaturedList } from '../../features/catalogue/components/featured-list';
import { ContinueLearningSection } from '../../features/course-activity/components/continue-learning-section';
import { RecentHistorySection } from '../../features/course-activity/components/recent-history-section';
import { useRecentCourseHistory } from '../../features/course-activity/hooks/use-recent-course-history';
import { loadHome, type HomeData, type HomeService } from '../../features/catalogue/loaders/home.loader';
import { pageTitle } from '../../lib/site';
import '../../features/catalogue/components/home.css';

export const homePageLoader = loadHome;

/** Spec §2 `/`: continue row, pickup, course cards, history, the certification banner and category links. */
export function HomePage() {
  const { featured, campaign, services } = useLoaderData() as HomeData;
  const recent = useRecentCourseHistory();
  // 続きから学ぶ: the course under way visited last (one only opened, with no lesson done, is not continued).
  const underWay = useRecentCourseHistory({ limit: 1, inProgress: true });
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title"><PhraseText text={HOME_HERO.title} /></h1>
        <p>{HOME_HERO.lead}</p>
      </section>
      <ContinueLearningSection recent={underWay} />
      {campaign ? <CampaignBanner campaign={campaign} /> : null}
      {featured.length > 0 ? (
        <section className="home-section" aria-labelledby="pickup-title">
          <h2 id="pickup-title"><PhraseText text="ピックアップ" /></h2>
          <FeaturedList items={featured} />
        </section>
      ) : null}
      <RecentHistorySection recent={recent} renderCourses={(courses) => <CourseGrid courses={courses} />} />
      {services.map((service, index) => (
        // Without a pickup, the first service's first card is the first image a visitor sees.
        <ServiceCourses key={service.serviceSlug} service={service} eagerFirst={featured.length === 0 && index === 0} />
      ))}
      <CertificationBanner />
      <section className="home-section" aria-labelledby="categories-title">
        <h2 id="categories-title"><PhraseText text="カテゴリーから探す" /></h2>
        <div className="home-categories">
          {services.map(({ serviceSlug, categories }) => (
            <div key={serviceSlug}>
              <h3><PhraseText text={SERVICE_LABELS[serviceSlug]} /></h3>
              <CategoryLinks serviceSlug={serviceSlug} categories={categories} label={`${SERVICE_LABELS[serviceSlug]}のカテゴリー`} />
            </div>
          ))}
        </div>
      </section>
    </>
  );
}

/** A service's first learning courses, and the way to all of them. */
function ServiceCourses({ service, eagerFirst }: { service: HomeService; eagerFirst: boolean }) {
  const { serviceSlug, description, courses } = service;
  const label = SERVICE_LABELS[serviceSlug];
  const titleId = `courses-${serviceSlug}`;
  return (
    <section className="home-section" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <PhraseText text={`${label}を学ぶ`} />
      </h2>
      <p className="home-section__lead">{description}</p>
      {courses.items.length > 0 ? <CourseGrid courses={courses.items} eagerFirst={eagerFirst} /> : <p>公開中のコースはまだありません。</p>}
      <Link className="home-section__more" to={`/${serviceSlug}`}>
        {label}のコースをすべて見る（全{courses.total}件）
      </Link>
    </section>
  );
}
