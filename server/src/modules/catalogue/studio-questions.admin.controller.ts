import { Body, Controller, Header, Param, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import {
  changeQuestionStatus,
  createQuestion,
  exportQuestionBank,
  getQuestionBank,
  importQuestionBank,
  listQuestionBanks,
  listQuestionVersions,
  previewExamDraw,
  saveQuestion,
  updateExamBlueprint,
} from '../../contracts/routes/studio-questions.js';
import type { ChangeQuestionStatusRequest, ImportQuestionsRequest, QuestionBankQuery, SaveQuestionRequest, UpdateBlueprintRequest } from '../../contracts/studio-questions.js';
import type { EventMeta } from '../../database/event-store.js';
import { ImportQuestionYamlCommand } from './commands/import-question-yaml/import-question-yaml.command.js';
import { ChangeQuestionStatusCommand } from './commands/change-question-status/change-question-status.command.js';
import { SaveQuestionCommand } from './commands/save-question/save-question.command.js';
import { UpdateExamBlueprintCommand } from './commands/update-exam-blueprint/update-exam-blueprint.command.js';
import { ExportQuestionBankQuery } from './queries/export-question-bank/export-question-bank.query.js';
import { GetQuestionBankQuery } from './queries/get-question-bank/get-question-bank.query.js';
import { ListQuestionBanksQuery } from './queries/list-question-banks/list-question-banks.query.js';
import { PreviewExamDrawQuery } from './queries/preview-exam-draw/preview-exam-draw.query.js';
import { ListQuestionVersionsQuery } from './queries/list-question-versions/list-question-versions.query.js';

/** The content studio's question banks and exam blueprints: admins write, review, publish and retire questions. */
@Controller()
export class StudioQuestionsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(listQuestionBanks)
  @Header('cache-control', 'no-store')
  banks() {
    return this.queryBus.execute(new ListQuestionBanksQuery());
  }

  @Endpoint(getQuestionBank)
  @Header('cache-control', 'no-store')
  bank(@Param('courseSlug') courseSlug: string, @Query() filter: QuestionBankQuery) {
    return this.queryBus.execute(new GetQuestionBankQuery(courseSlug, filter));
  }

  @Endpoint(createQuestion)
  create(@Param('courseSlug') courseSlug: string, @Body() body: SaveQuestionRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new SaveQuestionCommand(admin.id, courseSlug, null, body, meta));
  }

  @Endpoint(saveQuestion)
  save(
    @Param('courseSlug') courseSlug: string,
    @Param('questionId') questionId: string,
    @Body() body: SaveQuestionRequest,
    @CurrentUser() admin: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new SaveQuestionCommand(admin.id, courseSlug, questionId, body, meta));
  }

  @Endpoint(changeQuestionStatus)
  status(
    @Param('courseSlug') courseSlug: string,
    @Param('questionId') questionId: string,
    @Body() body: ChangeQuestionStatusRequest,
    @CurrentUser() admin: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new ChangeQuestionStatusCommand(admin.id, courseSlug, questionId, body, meta));
  }

  @Endpoint(listQuestionVersions)
  @Header('cache-control', 'no-store')
  versions(@Param('courseSlug') courseSlug: string, @Param('questionId') questionId: string) {
    return this.queryBus.execute(new ListQuestionVersionsQuery(courseSlug, questionId));
  }

  @Endpoint(updateExamBlueprint)
  blueprint(@Param('courseSlug') courseSlug: string, @Body() body: UpdateBlueprintRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new UpdateExamBlueprintCommand(admin.id, courseSlug, body, meta));
  }

  /** A download link (a top-level navigation): the YAML as a file. */
  @Endpoint(exportQuestionBank)
  async export(@Param('courseSlug') courseSlug: string, @Res() reply: FastifyReply) {
    const { filename, yaml } = await this.queryBus.execute(new ExportQuestionBankQuery(courseSlug));
    return reply.type('application/yaml; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(yaml);
  }

  @Endpoint(importQuestionBank)
  import(@Param('courseSlug') courseSlug: string, @Body() body: ImportQuestionsRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new ImportQuestionYamlCommand(admin.id, courseSlug, body, meta));
  }

  @Endpoint(previewExamDraw)
  @Header('cache-control', 'no-store')
  preview(@Param('courseSlug') courseSlug: string) {
    return this.queryBus.execute(new PreviewExamDrawQuery(courseSlug));
  }
}
