import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { type CurrentExamSession, saveAnswerRequestSchema, type SaveAnswerRequest, submitExamRequestSchema, type SubmitExamRequest } from '../../contracts/exams.js';
import type { EventMeta } from '../../database/event-store.js';
import { FinaliseOverdueExamsCommand } from './commands/finalise-overdue-exams/finalise-overdue-exams.command.js';
import { SaveAnswerCommand } from './commands/save-answer/save-answer.command.js';
import { StartExamCommand } from './commands/start-exam/start-exam.command.js';
import { SubmitExamCommand } from './commands/submit-exam/submit-exam.command.js';
import { GetLastResultQuery } from './queries/get-last-result/get-last-result.query.js';
import { GetExamSessionQuery } from './queries/get-exam-session/get-exam-session.query.js';

/** Taking a certification exam: start (or resume), the running session, answers as they are given. */
@Controller('v1')
@Access('agreed')
export class CertificationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('certification-courses/:courseSlug/exam/start')
  @HttpCode(200)
  start(@Param('courseSlug') courseSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new StartExamCommand(user.id, courseSlug, meta));
  }

  @Get('certification-courses/:courseSlug/exam')
  async exam(@Param('courseSlug') courseSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    await this.finaliseOverdue(user, meta);
    return this.queryBus.execute(new GetExamSessionQuery(user.id, courseSlug));
  }

  @Get('certification-courses/:courseSlug/current-exam-session')
  async currentSession(@Param('courseSlug') courseSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta): Promise<CurrentExamSession> {
    await this.finaliseOverdue(user, meta);
    const { examSessionId: id, deadline } = await this.queryBus.execute(new GetExamSessionQuery(user.id, courseSlug));
    return { examSessionId: id, courseSlug, deadline };
  }

  @Put('exam-sessions/:examSessionId/answers/:questionId')
  saveAnswer(
    @Param('examSessionId', new ZodValidationPipe(z.uuid('試験の ID が正しくありません'), 'examSessionId')) sessionId: string,
    @Param('questionId') questionId: string,
    @Body(new ZodValidationPipe(saveAnswerRequestSchema)) body: SaveAnswerRequest,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new SaveAnswerCommand(user.id, sessionId, questionId, body.choiceIds, meta));
  }

  @Post('exam-sessions/:examSessionId/submit')
  @HttpCode(200)
  submit(
    @Param('examSessionId', new ZodValidationPipe(z.uuid('試験の ID が正しくありません'), 'examSessionId')) sessionId: string,
    @Body(new ZodValidationPipe(submitExamRequestSchema)) body: SubmitExamRequest,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new SubmitExamCommand(user.id, sessionId, body.answers ?? {}, meta));
  }

  @Get('certification-courses/:courseSlug/last-result')
  async lastResult(@Param('courseSlug') courseSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    await this.finaliseOverdue(user, meta);
    return this.queryBus.execute(new GetLastResultQuery(user.id, courseSlug));
  }

  /**
   * A session whose time ran out while the learner was away is finished before it is read, so the
   * reply never shows it running with a deadline in the past (the delayed job may not have run yet).
   */
  private async finaliseOverdue(user: SessionUser, meta: EventMeta): Promise<void> {
    await this.commandBus.execute(new FinaliseOverdueExamsCommand(meta, user.id));
  }
}
