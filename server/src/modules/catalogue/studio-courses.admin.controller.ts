import type { Readable } from 'node:stream';
import { Body, Controller, Header, Headers, Param, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import {
  createCourseDraft,
  getCourseDraft,
  listStudioCourses,
  previewDraftCourse,
  previewDraftLesson,
  previewLessonMarkdown,
  publishCourse,
  saveCourseDraft,
  unpublishCourse,
  uploadStudioMedia,
} from '../../contracts/routes/studio-courses.js';
import type {
  CourseVersionRequest,
  CreateCourseDraftRequest,
  LessonPreviewRequest,
  SaveCourseDraftRequest,
  StudioCourseListQuery,
  StudioUploadKind,
} from '../../contracts/studio-courses.js';
import type { EventMeta } from '../../database/event-store.js';
import { CreateCourseDraftCommand } from './commands/create-course-draft/create-course-draft.command.js';
import { PublishCourseCommand } from './commands/publish-course/publish-course.command.js';
import { SaveCourseDraftCommand } from './commands/save-course-draft/save-course-draft.command.js';
import { UnpublishCourseCommand } from './commands/unpublish-course/unpublish-course.command.js';
import { UploadStudioMediaCommand } from './commands/upload-studio-media/upload-studio-media.command.js';
import { GetCourseDraftQuery } from './queries/get-course-draft/get-course-draft.query.js';
import { ListStudioCoursesQuery } from './queries/list-studio-courses/list-studio-courses.query.js';
import { PreviewDraftCourseQuery } from './queries/preview-draft-course/preview-draft-course.query.js';
import { PreviewDraftLessonQuery } from './queries/preview-draft-lesson/preview-draft-lesson.query.js';
import { PreviewLessonMarkdownQuery } from './queries/preview-lesson-markdown/preview-lesson-markdown.query.js';

/** The content studio's courses and lessons: admins write drafts, upload media, preview and publish. */
@Controller()
export class StudioCoursesAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(listStudioCourses)
  @Header('cache-control', 'no-store')
  list(@Query() filter: StudioCourseListQuery) {
    return this.queryBus.execute(new ListStudioCoursesQuery(filter));
  }

  @Endpoint(createCourseDraft)
  create(@Body() body: CreateCourseDraftRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new CreateCourseDraftCommand(admin.id, body, meta));
  }

  @Endpoint(getCourseDraft)
  @Header('cache-control', 'no-store')
  draft(@Param('courseId') courseId: string) {
    return this.queryBus.execute(new GetCourseDraftQuery(courseId));
  }

  @Endpoint(saveCourseDraft)
  save(@Param('courseId') courseId: string, @Body() body: SaveCourseDraftRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new SaveCourseDraftCommand(admin.id, courseId, body, meta));
  }

  @Endpoint(publishCourse)
  publish(@Param('courseId') courseId: string, @Body() body: CourseVersionRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new PublishCourseCommand(admin.id, courseId, body.expectedVersion, meta));
  }

  @Endpoint(unpublishCourse)
  unpublish(@Param('courseId') courseId: string, @Body() body: CourseVersionRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new UnpublishCourseCommand(admin.id, courseId, body.expectedVersion, meta));
  }

  /** The body is the file as a stream (create-api-app passes these media types through unparsed). */
  @Endpoint(uploadStudioMedia)
  upload(@Param('mediaKind') kind: StudioUploadKind, @Headers('content-type') contentType: string | undefined, @Req() request: FastifyRequest) {
    return this.commandBus.execute(new UploadStudioMediaCommand(kind, contentType ?? '', request.body as Readable));
  }

  @Endpoint(previewLessonMarkdown)
  preview(@Body() body: LessonPreviewRequest) {
    return this.queryBus.execute(new PreviewLessonMarkdownQuery(body.body));
  }

  @Endpoint(previewDraftCourse)
  @Header('cache-control', 'no-store')
  previewCourse(@Param('courseId') courseId: string) {
    return this.queryBus.execute(new PreviewDraftCourseQuery(courseId));
  }

  @Endpoint(previewDraftLesson)
  @Header('cache-control', 'no-store')
  previewLesson(@Param('courseId') courseId: string, @Param('lessonSlug') lessonSlug: string) {
    return this.queryBus.execute(new PreviewDraftLessonQuery(courseId, lessonSlug));
  }
}
