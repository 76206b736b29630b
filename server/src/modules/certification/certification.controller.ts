import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { CurrentExamSession, SaveAnswerRequest, SubmitExamRequest } from '../../contracts/exams.js';
import { getCurrentExamSession, getExamSession, getLastResult, saveAnswer, startExam, submitExam } from '../../contracts/routes/certification.js';
import type { EventMeta } from '../../database/event-store.js';
import { SaveAnswerCommand } from './commands/save-answer/save-answer.command.js';
import { StartExamCommand } from './commands/start-exam/start-exam.command.js';
import { SubmitExamCommand } from './commands/submit-exam/submit-exam.command.js';
import { GetLastResultQuery } from './queries/get-last-result/get-last-result.query.js';
import { GetExamSessionQuery } from './queries/get-exam-session/get-exam-session.query.js';
import { GetCurrentExamSessionQuery } from './queries/get-current-exam-session/get-current-exam-session.query.js';

/** Taking a certification exam: start (or resume), the running session, answers as they are given. */
@Controller()
export class CertificationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(startExam)
  start(@Param('certificationCourseSlug') courseSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new StartExamCommand(user.id, courseSlug, meta));
  }

  @Endpoint(getExamSession)
  exam(@Param('certificationCourseSlug') courseSlug: string, @CurrentUser() user: SessionUser) {
    // A read writes nothing: an overdue session already reads as over, and the reconciler, the deadline
    // job and the learner's next start or submit finish it.
    return this.queryBus.execute(new GetExamSessionQuery(user.id, courseSlug));
  }

  @Endpoint(getCurrentExamSession)
  currentSession(@Param('certificationCourseSlug') courseSlug: string, @CurrentUser() user: SessionUser): Promise<CurrentExamSession | null> {
    return this.queryBus.execute(new GetCurrentExamSessionQuery(user.id, courseSlug));
  }

  @Endpoint(saveAnswer)
  saveAnswer(
    @Param('examSessionId') sessionId: string,
    @Param('questionId') questionId: string,
    @Body() body: SaveAnswerRequest,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new SaveAnswerCommand(user.id, sessionId, questionId, body.choiceIds, meta));
  }

  @Endpoint(submitExam)
  submit(@Param('examSessionId') sessionId: string, @Body() body: SubmitExamRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new SubmitExamCommand(user.id, sessionId, body.answers ?? {}, meta));
  }

  @Endpoint(getLastResult)
  lastResult(@Param('certificationCourseSlug') courseSlug: string, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetLastResultQuery(user.id, courseSlug));
  }
}
