import type { IncomingHttpHeaders } from 'node:http';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { preAuthorizedCodeGrantIdentifier } from '@openid4vc/oauth2';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { WALLET_OFFER_TTL_SECONDS, type WalletAccessToken } from '../../../../contracts/wallet-offers.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { walletOffers } from '../../credentials.schema.js';
import { checkedByLibrary, OAuthError } from '../../oid4vci/oauth-error.js';
import { newWalletSecret, WalletIssuer, walletSecretHash } from '../../oid4vci/wallet-issuer.js';
import { RedeemPreAuthorizedCodeCommand } from './redeem-pre-authorized-code.command.js';

/** The request's headers as the library reads them (a header value Headers refuses is left out: nothing here needs it). */
function fetchHeadersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const item of [value ?? []].flat()) {
      try {
        headers.append(name, item);
      } catch {
        // Not a valid header value for fetch's Headers.
      }
    }
  }
  return headers;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Trades a pre-authorised code for an access token, once: the code's row is claimed by one UPDATE that
 * also requires it unredeemed and unexpired, so two wallets racing with the same code get one token.
 * A code presented again also ends the token it bought (RFC 6749 §4.1.2's advice for a replayed code):
 * whoever replays it may have stolen it.
 */
@CommandHandler(RedeemPreAuthorizedCodeCommand)
export class RedeemPreAuthorizedCodeHandler implements ICommandHandler<RedeemPreAuthorizedCodeCommand> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly wallet: WalletIssuer,
  ) {}

  async execute({ body, request }: RedeemPreAuthorizedCodeCommand): Promise<WalletAccessToken> {
    if (!isRecord(body)) throw new OAuthError('invalid_request', 'The token request must be a form (application/x-www-form-urlencoded) with grant_type and pre-authorized_code');
    const requestLike = { method: 'POST' as const, url: `${this.wallet.origin}${request.url}`, headers: fetchHeadersOf(request.headers) };
    const parsed = await checkedByLibrary('invalid_request', () => this.wallet.authorizationServer.parseAccessTokenRequest({ accessTokenRequest: body, request: requestLike }));
    const { grant } = parsed;
    if (grant.grantType !== preAuthorizedCodeGrantIdentifier) {
      throw new OAuthError('unsupported_grant_type', `Only grant_type ${preAuthorizedCodeGrantIdentifier} is supported`);
    }
    const { resource } = parsed.accessTokenRequest;
    if (resource !== undefined && resource.replace(/\/$/, '') !== this.wallet.origin) throw new OAuthError('invalid_target', 'resource is not this credential issuer');
    // The library's checks beyond the code itself (no tx_code is expected); the code is checked below, by its hash.
    await checkedByLibrary('invalid_request', () =>
      this.wallet.authorizationServer.verifyPreAuthorizedCodeAccessTokenRequest({
        authorizationServerMetadata: this.wallet.authorizationServerMetadata(),
        grant,
        accessTokenRequest: parsed.accessTokenRequest,
        request: requestLike,
        expectedPreAuthorizedCode: grant.preAuthorizedCode,
      }),
    );

    const now = new Date();
    const codeHash = walletSecretHash(grant.preAuthorizedCode);
    const accessToken = newWalletSecret();
    const [claimed] = await this.connection.db
      .update(walletOffers)
      .set({ redeemedAt: now, accessTokenHash: walletSecretHash(accessToken), accessTokenExpiresAt: new Date(now.getTime() + WALLET_OFFER_TTL_SECONDS * 1000) })
      .where(and(eq(walletOffers.codeHash, codeHash), isNull(walletOffers.redeemedAt), gt(walletOffers.expiresAt, now)))
      .returning({ id: walletOffers.id });
    if (!claimed) {
      await this.connection.db
        .update(walletOffers)
        .set({ accessTokenExpiresAt: now })
        .where(and(eq(walletOffers.codeHash, codeHash), isNotNull(walletOffers.redeemedAt), gt(walletOffers.accessTokenExpiresAt, now)));
      throw new OAuthError('invalid_grant', 'The pre-authorized_code is unknown, expired or already used');
    }
    return { access_token: accessToken, token_type: 'Bearer', expires_in: WALLET_OFFER_TTL_SECONDS };
  }
}
