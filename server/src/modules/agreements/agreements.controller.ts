import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { acceptAgreements, getPrivacyPolicy, getTerms } from '../../contracts/routes/agreements.js';
import type { EventMeta } from '../../database/event-store.js';
import { AcceptAgreementsCommand } from './commands/accept-agreements/accept-agreements.command.js';
import { GetAgreementDocumentQuery } from './queries/get-agreement-document/get-agreement-document.query.js';

@Controller()
export class AgreementsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(acceptAgreements)
  accept(@CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new AcceptAgreementsCommand(user.id, meta));
  }

  // Public: anyone may read what they would be asked to accept, before logging in too.
  @Endpoint(getTerms)
  terms() {
    return this.queryBus.execute(new GetAgreementDocumentQuery('terms'));
  }

  @Endpoint(getPrivacyPolicy)
  privacy() {
    return this.queryBus.execute(new GetAgreementDocumentQuery('privacy'));
  }
}
