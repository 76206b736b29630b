import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';
import { CataloguePages } from './catalogue-pages.js';
import { GetCampaignHandler } from './queries/get-campaign/get-campaign.handler.js';
import { GetCategoriesHandler } from './queries/get-categories/get-categories.handler.js';
import { GetFeaturedHandler } from './queries/get-featured/get-featured.handler.js';
import { GetProgramsHandler } from './queries/get-programs/get-programs.handler.js';
import { CreateCourseDraftHandler } from './commands/create-course-draft/create-course-draft.handler.js';
import { PublishCourseHandler } from './commands/publish-course/publish-course.handler.js';
import { SaveCourseDraftHandler } from './commands/save-course-draft/save-course-draft.handler.js';
import { UnpublishCourseHandler } from './commands/unpublish-course/unpublish-course.handler.js';
import { UploadStudioMediaHandler } from './commands/upload-studio-media/upload-studio-media.handler.js';
import { GetCourseDraftHandler } from './queries/get-course-draft/get-course-draft.handler.js';
import { ListStudioCoursesHandler } from './queries/list-studio-courses/list-studio-courses.handler.js';
import { PreviewDraftCourseHandler } from './queries/preview-draft-course/preview-draft-course.handler.js';
import { PreviewDraftLessonHandler } from './queries/preview-draft-lesson/preview-draft-lesson.handler.js';
import { PreviewLessonMarkdownHandler } from './queries/preview-lesson-markdown/preview-lesson-markdown.handler.js';
import { StudioCoursesAdminController } from './studio-courses.admin.controller.js';
import { ChangeQuestionStatusHandler } from './commands/change-question-status/change-question-status.handler.js';
import { SaveQuestionHandler } from './commands/save-question/save-question.handler.js';
import { UpdateExamBlueprintHandler } from './commands/update-exam-blueprint/update-exam-blueprint.handler.js';
import { ExportQuestionBankHandler } from './queries/export-question-bank/export-question-bank.handler.js';
import { GetQuestionBankHandler } from './queries/get-question-bank/get-question-bank.handler.js';
import { ListQuestionVersionsHandler } from './queries/list-question-versions/list-question-versions.handler.js';
import { ImportQuestionYamlHandler } from './commands/import-question-yaml/import-question-yaml.handler.js';
import { ListQuestionBanksHandler } from './queries/list-question-banks/list-question-banks.handler.js';
import { PreviewExamDrawHandler } from './queries/preview-exam-draw/preview-exam-draw.handler.js';
import { StudioQuestionsAdminController } from './studio-questions.admin.controller.js';

@Module({
  controllers: [CatalogueController, StudioCoursesAdminController, StudioQuestionsAdminController],
  providers: [
    GetProgramsHandler,
    GetCategoriesHandler,
    GetFeaturedHandler,
    GetCampaignHandler,
    CataloguePages,
    CreateCourseDraftHandler,
    SaveCourseDraftHandler,
    PublishCourseHandler,
    UnpublishCourseHandler,
    UploadStudioMediaHandler,
    ListStudioCoursesHandler,
    GetCourseDraftHandler,
    PreviewLessonMarkdownHandler,
    PreviewDraftCourseHandler,
    PreviewDraftLessonHandler,
    SaveQuestionHandler,
    ChangeQuestionStatusHandler,
    UpdateExamBlueprintHandler,
    GetQuestionBankHandler,
    ListQuestionVersionsHandler,
    ExportQuestionBankHandler,
    ImportQuestionYamlHandler,
    ListQuestionBanksHandler,
    PreviewExamDrawHandler,
  ],
  // The API's page answers (bootstrap/create-api-app.ts) ask it whether a course page exists.
  exports: [CataloguePages],
})
export class CatalogueModule {}
