import { Query } from '@nestjs/cqrs';
import type { AgreementDocument, AgreementDocumentKind } from '../../../../contracts/agreements.js';

/** The terms of service or the privacy policy, as the learner reads them before accepting. */
export class GetAgreementDocumentQuery extends Query<AgreementDocument> {
  constructor(readonly kind: AgreementDocumentKind) {
    super();
  }
}
