import { Command } from '@nestjs/cqrs';

/** The credential endpoint's answer as OpenID4VCI writes it: `credentials` (1.0) or `credential` (format-based drafts). */
export type WalletCredentialResponse = Record<string, unknown>;

/** A wallet's credential request (OpenID4VCI §8) with the access token its code bought. */
export class IssueWalletCredentialCommand extends Command<WalletCredentialResponse> {
  constructor(
    /** The Authorization header as sent. */
    readonly authorization: string | undefined,
    /** The JSON body, unchecked. */
    readonly body: unknown,
  ) {
    super();
  }
}
