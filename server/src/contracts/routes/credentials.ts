import { defineRoute } from './define-route.js';

const credentials = () => import('../credentials.js');

export const getCredential = defineRoute({
  method: 'GET',
  path: '/api/v1/credentials/:credentialId',
  summary:
    'Open Badges 3.0 のデジタル認定証（ログイン不要の公開 URL）。既定は VC-JWT（application/vc+jwt、EdDSA 署名、鍵は /.well-known/did.json）。Accept: application/vc+ld+json か ?format=json で認定証の JSON。不明な ID は 404。',
  tag: 'credentials',
  access: 'public',
  ignoresSession: true,
  file: 'application/vc+jwt',
  errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  schemas: async () => ({ query: (await credentials()).credentialFormatQuerySchema }),
});

export const getCredentialBadge = defineRoute({
  method: 'GET',
  path: '/api/v1/credentials/:credentialId/badge.png',
  summary:
    'デジタル認定証を焼き込んだバッジ画像（PNG、Open Badges 3.0 の baking: iTXt チャンク openbadgecredential に VC-JWT）。ログイン不要。不明な ID、バッジ画像のないコースは 404。',
  tag: 'credentials',
  access: 'public',
  ignoresSession: true,
  file: 'image/png',
  errors: ['NOT_FOUND'],
});

export const getStatusList = defineRoute({
  method: 'GET',
  path: '/api/v1/credentials/status/1',
  summary:
    'デジタル認定証の取り消し状況（Bitstring Status List）。各認定証の credentialStatus が指す、署名付きの BitstringStatusListCredential（VC-JWT、?format=json で JSON）。ログイン不要。',
  tag: 'credentials',
  access: 'public',
  ignoresSession: true,
  file: 'application/vc+jwt',
  errors: ['VALIDATION_FAILED'],
  schemas: async () => ({ query: (await credentials()).credentialFormatQuerySchema }),
});

export const getMyCertificateCredential = defineRoute({
  method: 'GET',
  path: '/api/v1/certificates/:certificateId/credential',
  summary: '自分の認定証のデジタル認定証（Open Badges）の URL。ほかの方の認定証・発行前は 404。',
  tag: 'credentials',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  schemas: async () => ({ response: (await credentials()).credentialLinkSchema }),
});

export const getVerifiedCertificateCredential = defineRoute({
  method: 'GET',
  path: '/api/v1/certificate-verifications/:slug/credential',
  summary: '認定証番号（スラッグ）から、その認定証のデジタル認定証（Open Badges）の公開 URL を返す。ログイン不要。不明な番号・発行前は 404。',
  tag: 'credentials',
  access: 'public',
  ignoresSession: true,
  errors: ['NOT_FOUND'],
  schemas: async () => ({ response: (await credentials()).credentialLinkSchema }),
});

export const verifyPresentedCredential = defineRoute({
  method: 'POST',
  path: '/api/v1/credential-verifications',
  summary:
    'デジタル認定証の検証（ログイン不要）。VC-JWT か認定証の JSON（credential）、または認定証を焼き込んだバッジ画像（png、base64）を 1MB まで受け取り、署名・発行者・対象者・有効期間・現在の状態を返す。署名が無効でも 200（signature: invalid と理由）。認定証でない入力は 400、大きすぎる入力は 413。',
  tag: 'credentials',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'anonymousWrite',
  errors: ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_REQUESTS'],
  schemas: async () => {
    const { credentialVerificationRequestSchema, credentialVerificationSchema } = await credentials();
    return { body: credentialVerificationRequestSchema, response: credentialVerificationSchema };
  },
});
