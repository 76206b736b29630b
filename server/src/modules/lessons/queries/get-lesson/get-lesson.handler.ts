import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../../core/errors/app-error.js';
import { renderMarkdown } from '../../../../core/markdown/render-markdown.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { LessonDetail } from '../../../../contracts/lessons.js';
import { mediaDownloadUrlOf } from '../../../../contracts/routes/lessons.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { lessonCompletions } from '../../lessons.schema.js';
import { coursePath } from '../../../../contracts/course-path.js';
import { findLesson } from '../../find-lesson.js';
import { GetLessonQuery } from './get-lesson.query.js';

@QueryHandler(GetLessonQuery)
export class GetLessonHandler implements IQueryHandler<GetLessonQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ address, userId }: GetLessonQuery): Promise<LessonDetail> {
    const db = this.connection.db;
    const { course, lessons, lesson, index } = await findLesson(db, address);
    if ((lesson.loginRequired || course.loginRequired) && !userId) {
      throw new AppError('FORBIDDEN', 'このレッスンはログインした方だけがご覧いただけます');
    }
    const completed = userId
      ? await db
          .select({ id: lessonCompletions.lessonId })
          .from(lessonCompletions)
          .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.lessonId, lesson.id)))
      : [];
    // Media goes through the download proxy: the page only ever loads from this origin.
    const media = (storagePath: string | null) => (storagePath ? mediaDownloadUrlOf(this.config.storage.mediaBaseUrl, storagePath) : null);
    const poster = lesson.slidesPoster;
    const neighbour = (at: number) => {
      const other = lessons[at];
      return other ? { slug: other.slug, title: other.title } : null;
    };
    return {
      slug: lesson.slug,
      title: lesson.title,
      kind: lesson.kind,
      estimatedMinutes: lesson.estimatedMinutes,
      loginRequired: lesson.loginRequired || course.loginRequired,
      bodyHtml: renderMarkdown(lesson.body),
      pdfUrl: media(lesson.pdfPath),
      slidesPoster: poster && lesson.pdfPath ? { url: media(poster.path)!, width: poster.width, height: poster.height, pageCount: poster.pageCount } : null,
      videoUrl: media(lesson.video),
      captionsUrl: media(lesson.captionsPath),
      transcript: lesson.transcript,
      relatedLinks: lesson.relatedLinks,
      checks: lesson.checks,
      isCompleted: completed.length > 0,
      position: index + 1,
      course: { kind: course.kind, slug: course.slug, title: course.title, path: coursePath(course.kind, course.program, course.slug), lessonCount: lessons.length },
      previous: neighbour(index - 1),
      next: neighbour(index + 1),
    };
  }
}
