import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { LearnerAccommodation } from '../../../../contracts/exam-accommodations.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { learnerAccommodationView, learnerWithGrant } from '../../learner-accommodation.js';
import { FindLearnerAccommodationQuery } from './find-learner-accommodation.query.js';

@QueryHandler(FindLearnerAccommodationQuery)
export class FindLearnerAccommodationHandler implements IQueryHandler<FindLearnerAccommodationQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ email }: FindLearnerAccommodationQuery): Promise<LearnerAccommodation> {
    return learnerAccommodationView(await learnerWithGrant(this.connection.db, { email }, { field: 'email' }), new Date());
  }
}
