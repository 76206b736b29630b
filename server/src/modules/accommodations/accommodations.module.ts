import { Module } from '@nestjs/common';
import { AccommodationsAdminController } from './accommodations.admin.controller.js';
import { GrantExamAccommodationHandler } from './commands/grant-exam-accommodation/grant-exam-accommodation.handler.js';
import { WithdrawExamAccommodationHandler } from './commands/withdraw-exam-accommodation/withdraw-exam-accommodation.handler.js';
import { FindLearnerAccommodationHandler } from './queries/find-learner-accommodation/find-learner-accommodation.handler.js';

/** Exam accommodations: each learner's extra exam time, granted and withdrawn by admins (table exam_accommodations). */
@Module({
  controllers: [AccommodationsAdminController],
  providers: [FindLearnerAccommodationHandler, GrantExamAccommodationHandler, WithdrawExamAccommodationHandler],
})
export class AccommodationsModule {}
