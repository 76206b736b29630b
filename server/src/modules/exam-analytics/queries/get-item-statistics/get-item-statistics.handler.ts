import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '../../../../core/errors/app-error.js';
import type { ItemStatistics } from '../../../../contracts/item-statistics.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificationCourseBySlug, questionBank } from '../../../catalogue/reads.js';
import { questionOutcomesOfCourse } from '../../../certification/reads.js';
import { itemStatistics } from '../../item-statistics.js';
import { GetItemStatisticsQuery } from './get-item-statistics.query.js';

@QueryHandler(GetItemStatisticsQuery)
export class GetItemStatisticsHandler implements IQueryHandler<GetItemStatisticsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ courseSlug }: GetItemStatisticsQuery): Promise<ItemStatistics> {
    const db = this.connection.db;
    const course = await certificationCourseBySlug(db, courseSlug);
    if (!course?.exam) throw notFound('認定コース');
    const [outcomes, bank] = await Promise.all([questionOutcomesOfCourse(db, course.id), questionBank(db, course.id)]);
    return { courseSlug, topicNames: course.exam.topicNames ?? {}, ...itemStatistics(outcomes, bank, course.exam.topics) };
  }
}
