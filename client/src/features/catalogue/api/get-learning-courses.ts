import type { CourseCardPage } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { listLearningCourses } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** The list's query as the API reads it: lists comma-separated, the learner's own flags only when set. */
export interface LearningCoursesQuery {
  program?: Program;
  /** e.g. `BEGINNER,ADVANCED` */
  level?: string;
  /** e.g. `messaging,analytics` */
  category?: string;
  /** Spec §3: "not taken" travels as isStarted=false (logged-in learners only, 401 for visitors). */
  isStarted?: boolean;
  isFavorite?: boolean;
  page?: number;
  limit?: number;
}

/** One page of learning courses matching the filters. */
export function getLearningCourses(query: LearningCoursesQuery, options: ReadOptions = {}): Promise<CourseCardPage> {
  return callApi(listLearningCourses, { query: { ...query } }, options);
}
