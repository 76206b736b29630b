import { defineRoute } from './define-route.js';

const walletOffers = () => import('../wallet-offers.js');

export const createWalletOffer = defineRoute({
  method: 'POST',
  path: '/api/v1/certificates/:certificateId/wallet-offer',
  summary:
    '自分の認定証のデジタル認定証をウォレットアプリに渡す OpenID4VCI のクレデンシャルオファー（pre-authorized code、5分間・1回限り）を作る。offerUri は QR コードとリンク用、credentialUrl / jsonUrl は URL やファイルで取り込むウォレット用。ほかの方の認定証・発行前は 404、取り消された認定証は 410。',
  tag: 'credentials',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CERTIFICATE_REVOKED'],
  schemas: async () => ({ response: (await walletOffers()).walletOfferSchema }),
});

/*
 * The two OpenID4VCI endpoints a wallet app calls (ignoresSession: no cookie is read, so they are exempt
 * from the XHR-header rule, create-api-app). Their errors are OAuth's JSON ({error, error_description}),
 * which also carries the campus envelope's message, status and code.
 */
export const walletToken = defineRoute({
  method: 'POST',
  path: '/api/v1/oid4vci/token',
  summary:
    'OpenID4VCI のトークンエンドポイント（ウォレットアプリ用、ログイン不要）。grant_type=urn:ietf:params:oauth:grant-type:pre-authorized_code と pre-authorized_code を application/x-www-form-urlencoded（または JSON）で受け取り、5分間有効なアクセストークンを返す。コードは1回限り：再使用・期限切れ・不明なコードは 400 invalid_grant。',
  tag: 'credentials',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'anonymousWrite',
  errors: ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => ({ response: (await walletOffers()).walletAccessTokenSchema }),
});

export const walletCredential = defineRoute({
  method: 'POST',
  path: '/api/v1/oid4vci/credential',
  summary:
    'OpenID4VCI のクレデンシャルエンドポイント（ウォレットアプリ用）。Authorization: Bearer のアクセストークンで、オファーの認定証を ldp_vc（Data Integrity 付き JSON-LD）か jwt_vc_json（VC-JWT）で返す。jwt の proof は送られれば検証する。無効なトークンは 401 invalid_token、不正なリクエストは 400。',
  tag: 'credentials',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'anonymousWrite',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => ({ response: (await walletOffers()).walletCredentialSchema }),
});
