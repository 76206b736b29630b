import { z } from 'zod';

/** Longest URL we agree to shorten; browsers and SNS share dialogs cope with far less. */
export const MAX_SHAREABLE_URL_LENGTH = 2000;

export const shortenUrlRequestSchema = z
  .object({
    value: z.url({ message: 'URL の形式で指定してください', protocol: /^https?$/ }).max(MAX_SHAREABLE_URL_LENGTH, `${MAX_SHAREABLE_URL_LENGTH} 文字以内で指定してください`),
  })
  .meta({ id: 'ShortenUrlRequest' });
export const shortUrlSchema = z.object({ value: z.string() }).meta({ id: 'ShortUrl' });

export type ShortUrl = z.infer<typeof shortUrlSchema>;

/** Short links live at /s/<code>. */
export const SHORT_LINK_PREFIX = '/s/';
