import { Query } from '@nestjs/cqrs';
import type { ProgramOverview } from '../../../../contracts/catalogue.js';

export class GetProgramsQuery extends Query<ProgramOverview[]> {}
