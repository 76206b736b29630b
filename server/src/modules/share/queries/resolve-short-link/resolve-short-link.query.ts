import { Query } from '@nestjs/cqrs';

/** The URL behind a short link code. */
export class ResolveShortLinkQuery extends Query<string> {
  constructor(readonly code: string) {
    super();
  }
}
