import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { ExamAccommodationRequest, LearnerAccommodationQuery } from '../../contracts/exam-accommodations.js';
import { findLearnerAccommodation, grantExamAccommodation, withdrawExamAccommodation } from '../../contracts/routes/admin-accommodations.js';
import type { EventMeta } from '../../database/event-store.js';
import { GrantExamAccommodationCommand } from './commands/grant-exam-accommodation/grant-exam-accommodation.command.js';
import { WithdrawExamAccommodationCommand } from './commands/withdraw-exam-accommodation/withdraw-exam-accommodation.command.js';
import { FindLearnerAccommodationQuery } from './queries/find-learner-accommodation/find-learner-accommodation.query.js';

/** Extra exam time, for admins: look a learner up, grant, withdraw. */
@Controller()
export class AccommodationsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(findLearnerAccommodation)
  find(@Query() query: LearnerAccommodationQuery) {
    return this.queryBus.execute(new FindLearnerAccommodationQuery(query.email));
  }

  @Endpoint(grantExamAccommodation)
  grant(@Param('userId') userId: string, @Body() body: ExamAccommodationRequest, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new GrantExamAccommodationCommand(userId, body, meta));
  }

  @Endpoint(withdrawExamAccommodation)
  withdraw(@Param('userId') userId: string, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new WithdrawExamAccommodationCommand(userId, meta));
  }
}
