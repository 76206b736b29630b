import { Body, Controller, Get, Header, Headers, Param, Req, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { createWalletOffer, walletCredential, walletToken } from '../../contracts/routes/wallet-offers.js';
import { CreateWalletOfferCommand } from './commands/create-wallet-offer/create-wallet-offer.command.js';
import { IssueWalletCredentialCommand } from './commands/issue-wallet-credential/issue-wallet-credential.command.js';
import { OAuthErrorFilter } from './oid4vci/oauth-error.js';
import { RedeemPreAuthorizedCodeCommand } from './commands/redeem-pre-authorized-code/redeem-pre-authorized-code.command.js';
import { WalletIssuer } from './oid4vci/wallet-issuer.js';

/** 「ウォレットに追加」: the holder's offer of their certificate's credential to a wallet app. */
@Controller()
export class WalletOfferController {
  constructor(private readonly commandBus: CommandBus) {}

  @Endpoint(createWalletOffer)
  create(@Param('certificateId') certificateId: string, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new CreateWalletOfferCommand(certificateId, user.id));
  }
}

/**
 * What a wallet app calls (OpenID4VCI): the token and credential endpoints. Bodies are read as sent
 * (the routes declare no body schema) and checked by the handlers, which refuse in OAuth's error JSON.
 */
@Controller()
@UseFilters(OAuthErrorFilter)
export class Oid4vciController {
  constructor(private readonly commandBus: CommandBus) {}

  @Endpoint(walletToken)
  // RFC 6749 §5.1: a token answer is never cached.
  @Header('cache-control', 'no-store')
  @Header('pragma', 'no-cache')
  token(@Body() body: unknown, @Req() request: FastifyRequest) {
    return this.commandBus.execute(new RedeemPreAuthorizedCodeCommand(body, { method: request.method, url: request.url, headers: request.headers }));
  }

  @Endpoint(walletCredential)
  @Header('cache-control', 'no-store')
  credential(@Body() body: unknown, @Headers('authorization') authorization: string | undefined) {
    return this.commandBus.execute(new IssueWalletCredentialCommand(authorization, body));
  }
}

/**
 * The issuer's metadata where wallets look for it (outside /api, create-api-app): the credential issuer
 * (OpenID4VCI §12.2) and its authorization server (RFC 8414), both the campus's origin.
 */
@Controller('.well-known')
export class Oid4vciMetadataController {
  constructor(private readonly wallet: WalletIssuer) {}

  @Get('openid-credential-issuer')
  @Header('cache-control', 'public, max-age=300')
  credentialIssuer() {
    return this.wallet.credentialIssuerMetadata();
  }

  @Get('oauth-authorization-server')
  @Header('cache-control', 'public, max-age=300')
  authorizationServer() {
    return this.wallet.authorizationServerMetadata();
  }
}
