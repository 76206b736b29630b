import { Query } from '@nestjs/cqrs';

/** The campus's status list credential as it stands now: a signed VC-JWT. */
export class GetStatusListQuery extends Query<{ jwt: string }> {}
