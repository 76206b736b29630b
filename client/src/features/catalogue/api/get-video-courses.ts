import type { CourseCard } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { listProgramCourses } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** A program's video courses. */
export function getVideoCourses(program: Program, options: ReadOptions = {}): Promise<CourseCard[]> {
  return callApi(listProgramCourses, { params: { kind: 'video' }, query: { program } }, options);
}
