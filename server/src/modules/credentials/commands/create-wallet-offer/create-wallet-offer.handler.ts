import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { preAuthorizedCodeGrantIdentifier } from '@openid4vc/oauth2';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import { WALLET_OFFER_TTL_SECONDS, type WalletOffer } from '../../../../contracts/wallet-offers.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { findCredentialLink } from '../../credential-link.js';
import { walletOffers } from '../../credentials.schema.js';
import { JWT_VC_CONFIGURATION, LDP_VC_CONFIGURATION, newWalletSecret, WalletIssuer, walletSecretHash } from '../../oid4vci/wallet-issuer.js';
import { CreateWalletOfferCommand } from './create-wallet-offer.command.js';

const uuid = z.uuid();
/** Spent and expired offers are kept a day (what was redeemed when), then deleted by the next offer made. */
const KEEP_SPENT_MS = 24 * 3600_000;

/**
 * Makes a credential offer (OpenID4VCI, pre-authorised code) for the holder's own certificate. The offer
 * travels inline in the `openid-credential-offer://` URI rather than behind a `credential_offer_uri`: the
 * code then reaches the campus only in the token request's body, never in a URL that proxies and logs
 * keep, and the campus can keep the code as a hash alone (an offer URL would have to hand it out again).
 */
@CommandHandler(CreateWalletOfferCommand)
export class CreateWalletOfferHandler implements ICommandHandler<CreateWalletOfferCommand> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly wallet: WalletIssuer,
  ) {}

  async execute({ certificateId, userId }: CreateWalletOfferCommand): Promise<WalletOffer> {
    // Not a uuid names no certificate: 404, never handed to the uuid column.
    if (!uuid.safeParse(certificateId).success) throw notFound('デジタル認定証');
    const now = new Date();
    // The holder's own only: another learner's certificate is as not found as one that is not there.
    const link = await findCredentialLink(this.connection.db, this.wallet.origin, { id: certificateId.toLowerCase(), userId }, now);
    if (link.status === 'revoked') throw new AppError('CERTIFICATE_REVOKED', 'このデジタル認定証は取り消されているため、ウォレットに追加できません');

    const code = newWalletSecret();
    const expiresAt = new Date(now.getTime() + WALLET_OFFER_TTL_SECONDS * 1000);
    await this.connection.db.transaction(async (tx) => {
      // One live offer per credential: an offer made again ends the earlier, unredeemed one.
      await tx
        .update(walletOffers)
        .set({ expiresAt: now })
        .where(and(eq(walletOffers.credentialId, link.credentialId), isNull(walletOffers.redeemedAt), gt(walletOffers.expiresAt, now)));
      await tx.delete(walletOffers).where(lt(walletOffers.createdAt, new Date(now.getTime() - KEEP_SPENT_MS)));
      await tx.insert(walletOffers).values({ id: randomUUID(), credentialId: link.credentialId, codeHash: walletSecretHash(code), createdAt: now, expiresAt });
    });
    const { credentialOffer } = await this.wallet.issuer.createCredentialOffer({
      issuerMetadata: this.wallet.issuerMetadata(),
      credentialConfigurationIds: [LDP_VC_CONFIGURATION, JWT_VC_CONFIGURATION],
      // No tx_code: see docs/security.md (the credential is public at its URL already and bound to no wallet key).
      grants: { [preAuthorizedCodeGrantIdentifier]: { 'pre-authorized_code': code } },
    });
    return { offerUri: credentialOffer, expiresAt: expiresAt.toISOString(), expiresInSeconds: WALLET_OFFER_TTL_SECONDS, credentialUrl: link.credentialUrl, jsonUrl: link.jsonUrl };
  }
}
