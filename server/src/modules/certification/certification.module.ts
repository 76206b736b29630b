import { Module } from '@nestjs/common';
import { CertificationController } from './certification.controller.js';
import { FinaliseOverdueExamsHandler } from './commands/finalise-overdue-exams/finalise-overdue-exams.handler.js';
import { SaveAnswerHandler } from './commands/save-answer/save-answer.handler.js';
import { StartExamHandler } from './commands/start-exam/start-exam.handler.js';
import { SubmitExamHandler } from './commands/submit-exam/submit-exam.handler.js';
import { ExamSessionRepository } from './exam-session.repository.js';
import { AnswerSaveBatches } from './commands/save-answer/answer-save-batches.js';
import { AnswerSheets } from './commands/save-answer/answer-sheets.js';
import { GetLastResultHandler } from './queries/get-last-result/get-last-result.handler.js';
import { AwardBadgesWhenCloudCampusBadgesMigratedHandler } from './reactions/award-badges-when-cloud-campus-badges-migrated.handler.js';
import { FinaliseExamWhenDeadlinePassedHandler } from './reactions/finalise-exam-when-deadline-passed.handler.js';
import { GradeExamWhenExamSubmittedHandler } from './reactions/grade-exam-when-exam-submitted.handler.js';
import { GetExamSessionHandler } from './queries/get-exam-session/get-exam-session.handler.js';
import { GetCurrentExamSessionHandler } from './queries/get-current-exam-session/get-current-exam-session.handler.js';
import { OutstandingFinalisationsFinder } from './reconciliation/outstanding-finalisations.finder.js';
import { OutstandingGradesFinder } from './reconciliation/outstanding-grades.finder.js';
import { OutstandingMigratedBadgesFinder } from './reconciliation/outstanding-migrated-badges.finder.js';

@Module({
  controllers: [CertificationController],
  providers: [
    ExamSessionRepository,
    AnswerSheets,
    AnswerSaveBatches,
    StartExamHandler,
    FinaliseOverdueExamsHandler,
    GetExamSessionHandler,
    GetCurrentExamSessionHandler,
    SaveAnswerHandler,
    SubmitExamHandler,
    GetLastResultHandler,
    GradeExamWhenExamSubmittedHandler,
    FinaliseExamWhenDeadlinePassedHandler,
    OutstandingGradesFinder,
    OutstandingFinalisationsFinder,
    AwardBadgesWhenCloudCampusBadgesMigratedHandler,
    OutstandingMigratedBadgesFinder,
  ],
})
export class CertificationModule {}
