import { defineRoute } from './define-route.js';

export const getServerTime = defineRoute({
  method: 'GET',
  path: '/api/v1/now/',
  summary: 'サーバー時刻（ミリ秒）。試験の残り時間はこの時計で数える。',
  tag: 'clock',
  access: 'public',
  ignoresSession: true,
  schemas: async () => ({ response: (await import('../clock.js')).serverTimeSchema }),
});
