import type { CourseCard } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { listProgramCourses } from '@campus/contracts/routes/catalogue';
import { callApi } from '../call-api';
import type { ReadOptions } from '../request-options';

/** A program's seminar courses. */
export function getSeminarCourses(program: Program, options: ReadOptions = {}): Promise<CourseCard[]> {
  return callApi(listProgramCourses, { params: { kind: 'seminar' }, query: { program } }, options);
}
