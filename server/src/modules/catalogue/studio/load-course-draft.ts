import { eq } from 'drizzle-orm';
import { notFound } from '../../../core/errors/app-error.js';
import { courseDraftDocumentSchema, type CourseDraftDocument } from '../../../contracts/studio-courses.js';
import type { DatabaseExecutor } from '../../../database/connection.js';
import { courseDrafts, courses } from '../catalogue.schema.js';
import { documentOfLiveCourse } from './course-draft-document.js';

export interface LoadedCourseDraft {
  courseId: string;
  /** 0 when the course has no draft. */
  version: number;
  document: CourseDraftDocument;
  live: typeof courses.$inferSelect | null;
  updatedAt: Date | null;
  updatedBy: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A course's draft or, when it has none, its published state as a draft document; 404 when neither exists. */
export async function loadCourseDraft(db: DatabaseExecutor, courseId: string): Promise<LoadedCourseDraft> {
  if (!UUID.test(courseId)) throw notFound('コース');
  const [[draft], [live]] = await Promise.all([
    db.select().from(courseDrafts).where(eq(courseDrafts.courseId, courseId)),
    db.select().from(courses).where(eq(courses.id, courseId)),
  ]);
  if (draft) {
    return { courseId, version: draft.version, document: courseDraftDocumentSchema.parse(draft.document), live: live ?? null, updatedAt: draft.updatedAt, updatedBy: draft.updatedBy };
  }
  if (!live) throw notFound('コース');
  return { courseId, version: 0, document: await documentOfLiveCourse(db, live), live, updatedAt: live.updatedAt, updatedBy: live.updatedBy };
}
