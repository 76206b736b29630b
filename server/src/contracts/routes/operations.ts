import { defineRoute } from './define-route.js';

// A probe must answer while PostgreSQL is away, so no route here looks up the session.
export const health = defineRoute({ method: 'GET', path: '/api/health', summary: '生存確認。', tag: 'operations', access: 'public', ignoresSession: true });

export const ready = defineRoute({
  method: 'GET',
  path: '/api/ready',
  summary: '準備完了確認（PostgreSQL と Redis）。200 {status: "ready"}、応答しないものがあれば 503 {status: "not ready"}（内部の名前は出さない）。',
  tag: 'operations',
  access: 'public',
  ignoresSession: true,
  errors: ['SERVICE_UNAVAILABLE'],
});

/** Its own guard decides (ApiDocsAccessGuard): admins only in production unless API_DOCS_PUBLIC. */
export const apiDocs = defineRoute({
  method: 'GET',
  path: '/api/docs',
  summary: 'この OpenAPI 文書。本番環境では管理者のみ（API_DOCS_PUBLIC=true で公開）。',
  tag: 'operations',
  access: 'public',
  ignoresSession: true,
});
