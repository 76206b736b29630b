import { defineRoute } from './define-route.js';

const legacyBadgeImports = () => import('../legacy-badge-imports.js');

export const startLegacyBadgeImport = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/legacy-badge-imports',
  summary: 'Cloud Campus のバッジ記録（CSV）の取り込みを始める（管理者のみ）。進み具合は admin.importProgress と GET で分かる。',
  tag: 'admin',
  access: 'admin',
  created: true,
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => {
    const { startLegacyBadgeImportRequestSchema, legacyBadgeImportSchema } = await legacyBadgeImports();
    return { body: startLegacyBadgeImportRequestSchema, response: legacyBadgeImportSchema };
  },
});

export const listLegacyBadgeImports = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/legacy-badge-imports',
  summary: 'これまでの CSV 取り込み（管理者のみ）、新しい順に 20 件。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN'],
  schemas: async () => ({ response: (await legacyBadgeImports()).legacyBadgeImportListSchema }),
});

export const getLegacyBadgeImport = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/legacy-badge-imports/:importId',
  summary: 'CSV 取り込み 1 件の進み具合と、取り込まなかった行の一覧（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await legacyBadgeImports()).legacyBadgeImportSchema }),
});
