import { Controller, Get, Header, Headers, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { VC_JSON_MEDIA_TYPE, VC_JWT_MEDIA_TYPE } from '../../contracts/credentials.js';
import { getCredential, getMyCertificateCredential, getVerifiedCertificateCredential } from '../../contracts/routes/credentials.js';
import { GetCertificateCredentialQuery } from './queries/get-certificate-credential/get-certificate-credential.query.js';
import { GetCredentialQuery } from './queries/get-credential/get-credential.query.js';
import { CredentialSigningKey } from './signing/credential-signing-key.js';
import { credentialOfJwt } from './signing/vc-jwt.js';

/** JSON when asked for by `?format=json` or an Accept that names JSON before (or without) the JWT. */
function wantsJson(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'json';
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const json = types.findIndex((type) => type === VC_JSON_MEDIA_TYPE || type === 'application/ld+json' || type === 'application/json');
  const jwt = types.indexOf(VC_JWT_MEDIA_TYPE);
  return json !== -1 && (jwt === -1 || json < jwt);
}

/** Published credentials: anyone (a verifier, another site's page) may fetch them. */
@Controller()
export class CredentialsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(getCredential)
  async credential(@Param('credentialId') credentialId: string, @Query() query: { format?: 'json' | 'jwt' }, @Headers('accept') accept: string | undefined, @Res() reply: FastifyReply) {
    const { jwt } = await this.queryBus.execute(new GetCredentialQuery(credentialId));
    const json = wantsJson(query.format, accept);
    reply.header('access-control-allow-origin', '*').header('vary', 'Accept').header('cache-control', 'public, max-age=300');
    if (json) return reply.type(VC_JSON_MEDIA_TYPE).send(JSON.stringify(credentialOfJwt(jwt), null, 2));
    return reply.type(VC_JWT_MEDIA_TYPE).send(jwt);
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
}

/**
 * The issuer's public key, where verifiers look for it: the did:web document (the credentials' `iss`
 * and `kid`) and the same key as a JWKS. Outside /api (create-api-app), like /metrics.
 */
@Controller('.well-known')
export class IssuerKeysController {
  constructor(private readonly signingKey: CredentialSigningKey) {}

  @Get('did.json')
  @Header('access-control-allow-origin', '*')
  @Header('cache-control', 'public, max-age=300')
  didDocument() {
    return this.signingKey.didDocument();
  }

  @Get('jwks.json')
  @Header('access-control-allow-origin', '*')
  @Header('cache-control', 'public, max-age=300')
  jwks() {
    return this.signingKey.jwks();
  }
}
