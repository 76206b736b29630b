import { Query } from '@nestjs/cqrs';
import type { Category } from '../../../../contracts/catalogue.js';

export class GetCategoriesQuery extends Query<Category[]> {
  constructor(readonly program: Category['program']) {
    super();
  }
}
