import { Body, Controller, Get, Header, Headers, Param, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { type AdminCredentialSearchQuery, type CredentialRevocationRequest, type CredentialVerificationRequest, VC_JSON_MEDIA_TYPE, VC_JWT_MEDIA_TYPE } from '../../contracts/credentials.js';
import { listAdminCredentials, setCredentialRevocation } from '../../contracts/routes/admin-credentials.js';
import { getCredential, getCredentialBadge, getMyCertificateCredential, getStatusList, getVerifiedCertificateCredential, verifyPresentedCredential } from '../../contracts/routes/credentials.js';
import type { EventMeta } from '../../database/event-store.js';
import { SetCredentialRevocationCommand } from './commands/set-credential-revocation/set-credential-revocation.command.js';
import { GetBakedBadgeQuery } from './queries/get-baked-badge/get-baked-badge.query.js';
import { GetCertificateCredentialQuery } from './queries/get-certificate-credential/get-certificate-credential.query.js';
import { GetCredentialQuery } from './queries/get-credential/get-credential.query.js';
import { ListAdminCredentialsQuery } from './queries/list-admin-credentials/list-admin-credentials.query.js';
import { GetStatusListQuery } from './queries/get-status-list/get-status-list.query.js';
import { VerifyPresentedCredentialQuery } from './queries/verify-presented-credential/verify-presented-credential.query.js';
import { CredentialSigningKey } from './signing/credential-signing-key.js';

/**
 * The JSON-LD form when asked for by `?format=json` or an Accept naming a JSON type before (or without)
 * the JWT's; the JWT otherwise (a plain fetch, `application/vc+jwt`).
 */
function wantsJson(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'json';
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const json = types.findIndex((type) => type === VC_JSON_MEDIA_TYPE || type === 'application/ld+json' || type === 'application/json');
  const jwt = types.indexOf(VC_JWT_MEDIA_TYPE);
  return json !== -1 && (jwt === -1 || json < jwt);
}

/**
 * One of a credential's two signed forms: the JSON-LD credential with its Data Integrity proof, or the
 * JWT. Cross-origin reads are granted by `openToVerifiers` (create-api-app).
 */
function sendCredential(reply: FastifyReply, forms: { jwt: string; dataIntegrity: object }, json: boolean, maxAgeSeconds: number, etag?: string) {
  reply.header('vary', 'Accept').header('cache-control', `public, max-age=${maxAgeSeconds}`);
  if (etag) reply.header('etag', `"${etag}-${json ? 'ld' : 'jwt'}"`);
  if (json) return reply.type(VC_JSON_MEDIA_TYPE).send(JSON.stringify(forms.dataIntegrity, null, 2));
  return reply.type(VC_JWT_MEDIA_TYPE).send(forms.jwt);
}

/** Published credentials and where a certificate's is. */
@Controller()
export class CredentialsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(getCredential)
  async credential(@Param('credentialId') credentialId: string, @Query() query: { format?: 'json' | 'jwt' }, @Headers('accept') accept: string | undefined, @Res() reply: FastifyReply) {
    const forms = await this.queryBus.execute(new GetCredentialQuery(credentialId));
    // A credential never changes (its revocation lives in the status list).
    return sendCredential(reply, forms, wantsJson(query.format, accept), 300);
  }

  @Endpoint(getCredentialBadge)
  async badge(@Param('credentialId') credentialId: string, @Res() reply: FastifyReply) {
    const { png } = await this.queryBus.execute(new GetBakedBadgeQuery(credentialId));
    // Shorter than the credential's: the artwork may be redrawn.
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  }

  @Endpoint(getStatusList)
  async statusList(
    @Query() query: { format?: 'json' | 'jwt' },
    @Headers('accept') accept: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    const forms = await this.queryBus.execute(new GetStatusListQuery());
    const json = wantsJson(query.format, accept);
    // Short, so that a revocation reaches verifiers within a minute; an unchanged list costs them no body.
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${forms.version}-${json ? 'ld' : 'jwt'}"`)) {
      return reply.code(304).header('vary', 'Accept').header('cache-control', 'public, max-age=60').header('etag', `"${forms.version}-${json ? 'ld' : 'jwt'}"`).send();
    }
    return sendCredential(reply, forms, json, 60, forms.version);
  }

  @Endpoint(getMyCertificateCredential)
  mine(@Param('certificateId') certificateId: string, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetCertificateCredentialQuery({ id: certificateId, userId: user.id }));
  }

  @Endpoint(getVerifiedCertificateCredential)
  @Header('cache-control', 'no-cache')
  bySlug(@Param('slug') slug: string) {
    return this.queryBus.execute(new GetCertificateCredentialQuery({ slug }));
  }

  @Endpoint(verifyPresentedCredential)
  @Header('cache-control', 'no-store')
  verify(@Body() body: CredentialVerificationRequest) {
    return this.queryBus.execute(new VerifyPresentedCredentialQuery(body));
  }
}

/** The admin console's view of credentials, and revocation; the learner is notified by the notifications module. */
@Controller()
export class CredentialsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(listAdminCredentials)
  list(@Query() query: AdminCredentialSearchQuery) {
    return this.queryBus.execute(new ListAdminCredentialsQuery(query));
  }

  @Endpoint(setCredentialRevocation)
  setRevocation(@Param('credentialId') credentialId: string, @Body() body: CredentialRevocationRequest, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new SetCredentialRevocationCommand(credentialId, body, meta));
  }
}

/**
 * The issuer's public key, where verifiers look for it: the did:web document (the credentials' `iss`
 * and `kid`) and the same key as a JWKS. Outside /api (create-api-app), like /metrics.
 */
@Controller('.well-known')
export class IssuerKeysController {
  constructor(private readonly signingKey: CredentialSigningKey) {}

  @Get('did.json')
  @Header('cache-control', 'public, max-age=300')
  didDocument() {
    return this.signingKey.didDocument();
  }

  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  jwks() {
    return this.signingKey.jwks();
  }
}
