import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '../../../../core/errors/app-error.js';
import { renderMarkdown } from '../../../../core/markdown/render-markdown.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { coursePath } from '../../../../contracts/course-path.js';
import type { LessonDetail } from '../../../../contracts/lessons.js';
import { mediaDownloadUrlOf } from '../../../../contracts/routes/lessons.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { answerChecksIn } from '../../content/load-content-pack.js';
import { loadCourseDraft } from '../../studio/load-course-draft.js';
import { PreviewDraftLessonQuery } from './preview-draft-lesson.query.js';

@QueryHandler(PreviewDraftLessonQuery)
export class PreviewDraftLessonHandler implements IQueryHandler<PreviewDraftLessonQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ courseId, lessonSlug }: PreviewDraftLessonQuery): Promise<LessonDetail> {
    const { document } = await loadCourseDraft(this.connection.db, courseId);
    const index = document.lessons.findIndex((lesson) => lesson.slug === lessonSlug);
    const lesson = document.lessons[index];
    if (!lesson) throw notFound('レッスン');
    const media = (storagePath: string | null) => (storagePath ? mediaDownloadUrlOf(this.config.storage.mediaBaseUrl, storagePath) : null);
    const neighbour = (at: number) => {
      const other = document.lessons[at];
      return other ? { slug: other.slug, title: other.title } : null;
    };
    const { course } = document;
    return {
      slug: lesson.slug,
      title: lesson.title,
      kind: lesson.kind,
      estimatedMinutes: lesson.estimatedMinutes,
      loginRequired: lesson.loginRequired || course.loginRequired,
      bodyHtml: renderMarkdown(lesson.body),
      pdfUrl: lesson.kind === 'slides' ? media(lesson.pdfPath) : null,
      // A draft's deck is shown by pdf.js at once: its picture is drawn by the import only.
      slidesPoster: null,
      videoUrl: lesson.kind === 'video' ? media(lesson.videoPath) : null,
      captionsUrl: lesson.kind === 'video' ? media(lesson.captionsPath) : null,
      transcript: lesson.kind === 'video' ? lesson.transcript : null,
      relatedLinks: [],
      checks: answerChecksIn(lesson.body).checks,
      isCompleted: false,
      position: index + 1,
      course: { kind: course.kind, slug: course.slug, title: course.title, path: coursePath(course.kind, course.program, course.slug), lessonCount: document.lessons.length },
      previous: neighbour(index - 1),
      next: neighbour(index + 1),
    };
  }
}
