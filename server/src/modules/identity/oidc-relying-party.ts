import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import type { LoginAttempt } from './session-store.js';

export interface ProviderIdentity {
  subject: string;
  familyName: string;
  givenName: string;
  pictureUrl: string | null;
  role: 'learner' | 'admin';
  idToken: string | null;
  /** Lower-cased; null unless the provider says it verified the address (email_verified). */
  verifiedEmail: string | null;
}

const SCOPE = 'openid profile email';

/** The campus as an OpenID Connect relying party: code flow with PKCE (S256), state and nonce. */
@Injectable()
export class OidcRelyingParty {
  private configuration?: Promise<oidc.Configuration>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Discovery is lazy and retried after a failure, so the API may start before the provider. */
  private provider(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, allowInsecureIssuer } = this.config.oidc;
    this.configuration ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, oidc.ClientSecretBasic(clientSecret), {
        execute: allowInsecureIssuer ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async beginLogin(returnTo: string): Promise<{ attempt: LoginAttempt; authorizationUrl: string }> {
    const provider = await this.provider();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const attempt: LoginAttempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier, returnTo };
    const authorizationUrl = oidc.buildAuthorizationUrl(provider, {
      redirect_uri: this.config.oidc.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: attempt.state,
      nonce: attempt.nonce,
    });
    return { attempt, authorizationUrl: authorizationUrl.href };
  }

  /** Exchanges the code for tokens, checking state, nonce, PKCE and the ID token. */
  async completeLogin(callbackQuery: string, attempt: LoginAttempt): Promise<ProviderIdentity> {
    const provider = await this.provider();
    const callbackUrl = new URL(`${this.config.oidc.redirectUri}?${callbackQuery}`);
    const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const isAdmin = claims.campus_role === 'admin' || this.config.adminSubjects.includes(claims.sub);
    return {
      subject: claims.sub,
      familyName: text(claims.family_name),
      givenName: text(claims.given_name),
      pictureUrl: text(claims.picture) || null,
      role: isAdmin ? 'admin' : 'learner',
      idToken: tokens.id_token ?? null,
      // Cloud Campus records are matched on this address: an unverified one could claim someone else's badges.
      verifiedEmail: claims.email_verified === true && text(claims.email).trim() ? text(claims.email).trim().toLowerCase() : null,
    };
  }

  async endSessionUrl(postLogoutRedirectUri: string, idToken: string | null): Promise<string> {
    const provider = await this.provider();
    return oidc.buildEndSessionUrl(provider, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: this.config.oidc.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  }
}
