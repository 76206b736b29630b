import type { Campaign, Category, CourseCardPage, FeaturedItem } from '@campus/contracts/catalogue';
import { PROGRAM_BY_SERVICE_SLUG, SERVICE_SLUGS, type ServiceSlug } from '@campus/contracts/catalogue-slugs';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getCampaign } from '../api/get-campaign';
import { getCategories } from '../api/get-categories';
import { getFeatured } from '../api/get-featured';
import { getLearningCourses } from '../api/get-learning-courses';
import { descriptionOf, getPrograms } from '../api/get-programs';

/** Learning courses shown per program on the top page; the rest are one click away. */
export const HOME_COURSES_PER_SERVICE = 3;

export interface HomeService {
  serviceSlug: ServiceSlug;
  /** What the service's courses teach (the content pack's program description). */
  description: string;
  categories: Category[];
  /** The program's first learning courses, with the total for "すべて見る". */
  courses: CourseCardPage;
}

export interface HomeData {
  featured: FeaturedItem[];
  campaign: Campaign | null;
  services: HomeService[];
}

/**
 * `/`: the pickup, the running campaign, and per service its categories and first learning
 * courses. Per service rather than one mixed list, so every service is represented whatever
 * order the catalogue keeps. The learner's history is not here: it depends on the session,
 * which only the page knows.
 */
export async function loadHome({ request }: LoaderFunctionArgs): Promise<HomeData> {
  const options = { signal: request.signal, skipStatuses: 'all' } as const;
  const [featured, campaign, programs, services] = await Promise.all([
    getFeatured(options),
    getCampaign(options),
    getPrograms(options),
    Promise.all(
      SERVICE_SLUGS.map(async (serviceSlug): Promise<Omit<HomeService, 'description'>> => {
        const program = PROGRAM_BY_SERVICE_SLUG[serviceSlug];
        const [categories, courses] = await Promise.all([
          getCategories(program, options),
          getLearningCourses({ program, page: 1, limit: HOME_COURSES_PER_SERVICE }, options),
        ]);
        return { serviceSlug, categories, courses };
      }),
    ),
  ]);
  return { featured, campaign, services: services.map((service) => ({ ...service, description: descriptionOf(programs, service.serviceSlug) })) };
}
