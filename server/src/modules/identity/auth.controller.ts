import { Body, Controller, Inject, Logger, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateLogoutUrl, login, loginCallback } from '../../contracts/routes/identity.js';
import { LOGIN_CANCELLED, LOGIN_FAILED, LOGIN_RESULT_PARAM } from '../../contracts/login-result.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../../core/errors/app-error.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { clearCookie, type CookieOptions, readCookie, setCookie } from '../../common/http/cookies.js';
import { clearSessionCookie, readSessionToken, writeSessionCookie } from '../../common/auth/session-cookie.js';
import { SessionStore } from './session-store.js';
import { RealtimePublisher } from '../../realtime/realtime-publisher.js';
import type { EventMeta } from '../../database/event-store.js';
import { SignInCommand } from './commands/sign-in/sign-in.command.js';
import { OidcRelyingParty } from './oidc-relying-party.js';
import { isSameOrigin, sameOriginReturnPath, withQueryParam } from './return-path.js';

// The login and its callback share it.
const LOGIN_COOKIE_PATH = login.path;

@Controller()
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly relyingParty: OidcRelyingParty,
    private readonly sessions: SessionStore,
    private readonly commandBus: CommandBus,
    private readonly realtime: RealtimePublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Top-level navigation: start the code flow and remember where to come back to. */
  @Endpoint(login)
  async login(@Query() query: { currentUrl?: string }, @Res() reply: FastifyReply) {
    const returnTo = sameOriginReturnPath(query.currentUrl, this.config.publicOrigin);
    const { attempt, authorizationUrl } = await this.relyingParty.beginLogin(returnTo);
    const token = await this.sessions.startLogin(attempt);
    setCookie(reply, this.config.session.loginCookieName, token, { ...this.loginCookieOptions(), maxAge: 600 });
    reply.header('cache-control', 'no-store').redirect(authorizationUrl, 302);
  }

  @Endpoint(loginCallback)
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @RequestMeta() meta: EventMeta) {
    const attempt = await this.sessions.takeLogin(readCookie(request.headers.cookie, this.config.session.loginCookieName));
    clearCookie(reply, this.config.session.loginCookieName, this.loginCookieOptions());
    reply.header('cache-control', 'no-store');
    if (!attempt) return reply.redirect(withQueryParam('/', LOGIN_RESULT_PARAM, LOGIN_FAILED), 302);

    const query = new URL(request.url, this.config.publicOrigin).searchParams;
    if (query.has('error')) {
      const outcome = query.get('error') === 'access_denied' ? LOGIN_CANCELLED : LOGIN_FAILED;
      return reply.redirect(withQueryParam(attempt.returnTo, LOGIN_RESULT_PARAM, outcome), 302);
    }

    let identity;
    try {
      identity = await this.relyingParty.completeLogin(query.toString(), attempt);
    } catch (error) {
      this.logger.warn({ err: error }, 'login callback rejected');
      return reply.redirect(withQueryParam(attempt.returnTo, LOGIN_RESULT_PARAM, LOGIN_FAILED), 302);
    }
    const { userId } = await this.commandBus.execute(new SignInCommand(identity, meta));
    // A new session id at every login: a token planted before login never becomes a logged-in one.
    await this.endSession(readSessionToken(request, this.config));
    writeSessionCookie(reply, this.config, await this.sessions.create(userId, identity.idToken));
    // Checked again on the way out: a login started before a tightening of the rule kept its old answer.
    return reply.redirect(sameOriginReturnPath(attempt.returnTo, this.config.publicOrigin), 302);
  }

  /** Ends the campus session now and answers where the browser goes to end the provider's session. */
  @Endpoint(generateLogoutUrl)
  async generateLogoutUrl(
    @Body() body: { redirectPath: string },
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (!isSameOrigin(body.redirectPath, this.config.publicOrigin)) {
      throw new AppError('VALIDATION_FAILED', 'redirectPath: このサイトの URL を指定してください', 'redirectPath');
    }
    const token = readSessionToken(request, this.config)!;
    const idToken = await this.sessions.idTokenOf(token);
    await this.endSession(token);
    clearSessionCookie(reply, this.config);
    // The provider only accepts registered return addresses: the site's top page.
    const value = await this.relyingParty.endSessionUrl(`${this.config.publicOrigin}/`, idToken);
    reply.header('cache-control', 'no-store');
    return { value };
  }

  /** The session row goes, and with it every socket opened with that cookie, on any API process. */
  private async endSession(token: string | undefined) {
    if (!token) return;
    await this.sessions.destroy(token);
    this.realtime.endSessionSockets(token);
  }

  /** `__Host-` cookies must have path /; in plain-http development the cookie stays on the login routes. */
  private loginCookieOptions(): CookieOptions {
    const { secure } = this.config.session;
    return { path: secure ? '/' : LOGIN_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure };
  }
}
