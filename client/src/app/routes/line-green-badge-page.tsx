import type { ServiceSlug } from '@campus/contracts/catalogue-slugs';
import { Link, useLoaderData } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { PhraseText } from '../../components/phrase-text';
import { loadBadgeLanding, type BadgeLandingData } from '../../features/catalogue/loaders/badge.loaders';
import { BADGE_PATH, BADGE_TITLE } from '../../features/exam/exam-paths';
import { pageTitle } from '../../lib/site';
import { CertificationCoursesByService } from './badge-pages';
import '../../features/catalogue/components/badge.css';

const TITLE = 'LINE Green Badge';
/** The LINE services of the skill badge programme: the green family of badges. */
const LINE_SERVICES: readonly ServiceSlug[] = ['line-official-account', 'line-ads'];

export const lineGreenBadgeLoader = loadBadgeLanding;

/** Spec §2 `/line-green-badge` (its content is not in the spec): the skill badges of the LINE services. */
export function LineGreenBadgePage() {
  const { courses } = useLoaderData() as BadgeLandingData;
  return (
    <>
      <title>{pageTitle(TITLE)}</title>
      <Breadcrumb items={[{ label: BADGE_TITLE, to: BADGE_PATH }, { label: TITLE }]} />
      <section className="hero" aria-labelledby="line-green-badge-title">
        <h1 id="line-green-badge-title">{TITLE}</h1>
        <p>
          LINE公式アカウントと LINE広告のスキルバッジです。認定コースで学び、認定試験に合格するとスキルバッジと認定証を取得できます。
        </p>
        <p>以前のキャンパスで取得したバッジの記録がある方には、ログイン後に引き継ぎのご案内を表示します。</p>
      </section>
      <CertificationCoursesByService courses={courses} serviceSlugs={LINE_SERVICES} />
      <p>
        <Link to={BADGE_PATH}>
          <PhraseText text={`Yahoo!広告を含むすべてのスキルバッジ（${BADGE_TITLE}）を見る`} />
        </Link>
      </p>
    </>
  );
}
