import { defineRoute } from './define-route.js';

export const shortenUrl = defineRoute({
  method: 'POST',
  path: '/api/v1/shorten-url',
  summary: 'このサイトのページの URL を短縮する（/s/<code> へのリンクを返す）。他のサイトの URL は 400。',
  tag: 'share',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'anonymousWrite',
  errors: ['VALIDATION_FAILED'],
  schemas: async () => {
    const { shortenUrlRequestSchema, shortUrlSchema } = await import('../share.js');
    return { body: shortenUrlRequestSchema, response: shortUrlSchema };
  },
});
