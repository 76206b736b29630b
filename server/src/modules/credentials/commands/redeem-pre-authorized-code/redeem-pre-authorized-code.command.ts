import type { IncomingHttpHeaders } from 'node:http';
import { Command } from '@nestjs/cqrs';
import type { WalletAccessToken } from '../../../../contracts/wallet-offers.js';

/** A wallet's token request (OpenID4VCI §6): the pre-authorised code of an offer, for an access token. */
export class RedeemPreAuthorizedCodeCommand extends Command<WalletAccessToken> {
  constructor(
    /** The parsed form (or JSON) body, unchecked. */
    readonly body: unknown,
    readonly request: { method: string; url: string; headers: IncomingHttpHeaders },
  ) {
    super();
  }
}
