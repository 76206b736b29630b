import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { Oauth2ServerErrorResponseError } from '@openid4vc/oauth2';
import type { FastifyReply } from 'fastify';
import type { ErrorEnvelope } from '../../../contracts/errors.js';

/** The Japanese words of each OAuth / OpenID4VCI error code, for the campus envelope's `message`. */
const MESSAGES: Record<string, string> = {
  invalid_request: 'リクエストの形式が正しくありません',
  invalid_grant: 'コードが無効か、有効期限が切れたか、すでに使われています。認定証のページで、もう一度「ウォレットに追加」を押してください',
  unsupported_grant_type: 'この grant_type には対応していません',
  invalid_target: 'resource がこの発行者を指していません',
  invalid_token: 'アクセストークンが無効か、有効期限が切れています',
  invalid_credential_request: 'クレデンシャルリクエストの形式が正しくありません',
  unknown_credential_configuration: 'この形式のデジタル認定証は発行していません',
  unknown_credential_identifier: 'この形式のデジタル認定証は発行していません',
  unsupported_credential_format: 'この形式のデジタル認定証は発行していません',
  invalid_proof: '鍵の所持の証明（proof）を確認できませんでした',
  invalid_encryption_parameters: 'クレデンシャルレスポンスの暗号化には対応していません',
  credential_request_denied: 'このデジタル認定証は取り消されているため、ウォレットに追加できません',
};

/** RFC 6749 §5.2: error_description is printable ASCII without `"` or `\`. */
const asciiDescription = (text: string) => text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?').slice(0, 300);

/**
 * An error a wallet is answered with in OAuth's own JSON (RFC 6749 §5.2, RFC 6750 §3.1, OpenID4VCI §8.3.1),
 * a 400 or a 401. The body also carries the campus envelope (message, status, code), which every 4xx of
 * the API has; OAuth clients ignore members they do not know.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    description: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(asciiDescription(description));
  }

  /** The library's refusal (it says which OAuth error it is), or null for anything else. */
  static fromLibrary(error: unknown): OAuthError | null {
    if (!(error instanceof Oauth2ServerErrorResponseError)) return null;
    const { error: code, error_description: description } = error.errorResponse;
    return new OAuthError(code, description ?? code, error.status === 401 ? 401 : 400);
  }

  body(): { error: string; error_description: string } & ErrorEnvelope {
    return {
      error: this.error,
      error_description: this.message,
      message: MESSAGES[this.error] ?? 'リクエストを処理できませんでした',
      status: this.status,
      code: this.status === 401 ? 'LOGIN_REQUIRED' : 'VALIDATION_FAILED',
    };
  }
}

/** Answers an OAuthError thrown by an OpenID4VCI handler; everything else goes on to the campus's own filter. */
@Catch(OAuthError)
export class OAuthErrorFilter implements ExceptionFilter<OAuthError> {
  catch(error: OAuthError, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // RFC 6750 §3: a refused bearer token is also named in WWW-Authenticate.
    if (error.status === 401) reply.header('www-authenticate', `Bearer error="${error.error.replace(/[^a-z_]/g, '')}"`);
    reply.status(error.status).header('cache-control', 'no-store').send(error.body());
  }
}

/**
 * Runs one of the library's checks of a wallet's request: its refusal becomes the OAuth error it names,
 * anything else it throws (it only throws on input it cannot accept) becomes `fallback`, a 400.
 */
export async function checkedByLibrary<T>(fallback: string, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    throw OAuthError.fromLibrary(error) ?? new OAuthError(fallback, error instanceof Error ? error.message : fallback);
  }
}
