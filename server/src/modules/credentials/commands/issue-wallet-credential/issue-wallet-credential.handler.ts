import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { getCredentialConfigurationsMatchingRequestFormat, type ParseCredentialRequestReturn } from '@openid4vc/openid4vci';
import { and, eq, gt } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { openBadgeCredentials, walletOffers } from '../../credentials.schema.js';
import { GetCredentialQuery } from '../../queries/get-credential/get-credential.query.js';
import { checkedByLibrary, OAuthError } from '../../oid4vci/oauth-error.js';
import { JWT_VC_CONFIGURATION, LDP_VC_CONFIGURATION, type WalletCredentialConfiguration, WalletIssuer, walletSecretHash } from '../../oid4vci/wallet-issuer.js';
import { IssueWalletCredentialCommand, type WalletCredentialResponse } from './issue-wallet-credential.command.js';

const CONFIGURATIONS: readonly string[] = [LDP_VC_CONFIGURATION, JWT_VC_CONFIGURATION];

/** RFC 6750 §2.1: `Bearer` and a b64token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Hands the offer's credential to the wallet holding the access token its code bought, in the form it
 * asks for: by configuration id (OpenID4VCI 1.0) or by format (the drafts before it). The credential is
 * the one signed at issue, for its holder: nothing is bound to the wallet, but a `jwt` proof the wallet
 * sends is verified (a wallet that signs a proof expects a refusal when it does not hold).
 */
@CommandHandler(IssueWalletCredentialCommand)
export class IssueWalletCredentialHandler implements ICommandHandler<IssueWalletCredentialCommand> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly wallet: WalletIssuer,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ authorization, body }: IssueWalletCredentialCommand): Promise<WalletCredentialResponse> {
    const token = BEARER.exec(authorization?.trim() ?? '')?.[1];
    if (!token) throw new OAuthError('invalid_token', 'A bearer access token is required', 401);
    const now = new Date();
    const [offer] = await this.connection.db
      .select({ id: walletOffers.id, credentialId: walletOffers.credentialId, revokedAt: openBadgeCredentials.revokedAt })
      .from(walletOffers)
      .innerJoin(openBadgeCredentials, eq(openBadgeCredentials.id, walletOffers.credentialId))
      .where(and(eq(walletOffers.accessTokenHash, walletSecretHash(token)), gt(walletOffers.accessTokenExpiresAt, now)));
    if (!offer) throw new OAuthError('invalid_token', 'The access token is unknown or expired', 401);

    const request = await this.parsedRequest(body);
    const configuration = this.configurationOf(request);
    await this.verifyProofs(request);
    // Revoked after the offer was made: the wallet gets nothing the campus has withdrawn.
    if (offer.revokedAt) throw new OAuthError('credential_request_denied', 'This credential has been revoked');

    const forms = await this.queryBus.execute(new GetCredentialQuery(offer.credentialId));
    const credential = configuration === LDP_VC_CONFIGURATION ? forms.dataIntegrity : forms.jwt;
    await this.connection.db.update(walletOffers).set({ credentialIssuedAt: now }).where(eq(walletOffers.id, offer.id));
    // 1.0 answers `credentials`; a format-based request (draft 13/14) is answered `credential` and its format.
    return this.wallet.issuer.createCredentialResponse({
      credentialRequest: request,
      ...(request.credentialConfigurationId ? { credentials: [{ credential }] } : { credential }),
    }) as WalletCredentialResponse;
  }

  private async parsedRequest(body: unknown): Promise<ParseCredentialRequestReturn> {
    if (!isRecord(body)) throw new OAuthError('invalid_credential_request', 'The credential request must be a JSON object');
    const configurationId = body.credential_configuration_id;
    if (typeof configurationId === 'string' && !CONFIGURATIONS.includes(configurationId)) {
      throw new OAuthError('unknown_credential_configuration', `Supported credential_configuration_id values: ${CONFIGURATIONS.join(', ')}`);
    }
    if (body.credential_response_encryption !== undefined) throw new OAuthError('invalid_encryption_parameters', 'Credential response encryption is not supported');
    return checkedByLibrary('invalid_credential_request', () =>
      this.wallet.issuer.parseCredentialRequest({ issuerMetadata: this.wallet.issuerMetadata(), credentialRequest: body }),
    );
  }

  private configurationOf(request: ParseCredentialRequestReturn): WalletCredentialConfiguration {
    if (request.credentialConfigurationId) return request.credentialConfigurationId as WalletCredentialConfiguration;
    if (request.format) {
      const matching = Object.keys(getCredentialConfigurationsMatchingRequestFormat({ requestFormat: request.format, issuerMetadata: this.wallet.issuerMetadata() }));
      if (matching[0]) return matching[0] as WalletCredentialConfiguration;
      throw new OAuthError('unsupported_credential_format', 'Supported formats: ldp_vc and jwt_vc_json of an OpenBadgeCredential');
    }
    if (request.credentialIdentifier) throw new OAuthError('unknown_credential_identifier', 'No credential identifiers are issued; ask by credential_configuration_id');
    throw new OAuthError('invalid_credential_request', 'credential_configuration_id (or format) is required');
  }

  /** Only `jwt` proofs, one at most (no batch issuance is offered); each must verify against its own key and name this issuer. */
  private async verifyProofs(request: ParseCredentialRequestReturn): Promise<void> {
    const { proof, proofs } = request.credentialRequest;
    if (proof === undefined && proofs === undefined) return;
    const jwts = request.proofs?.jwt;
    if (!jwts || Object.keys(request.proofs ?? {}).length !== 1) throw new OAuthError('invalid_proof', 'Only the jwt proof type is supported');
    if (jwts.length !== 1) throw new OAuthError('invalid_proof', 'Exactly one proof is accepted (no batch issuance)');
    await checkedByLibrary('invalid_proof', () => this.wallet.issuer.verifyCredentialRequestJwtProof({ issuerMetadata: this.wallet.issuerMetadata(), jwt: jwts[0]! }));
  }
}
