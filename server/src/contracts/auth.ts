import { z } from 'zod';
import { MAX_RETURN_URL_CHARS } from './return-path.js';

export const loginQuerySchema = z.object({ currentUrl: z.string().max(MAX_RETURN_URL_CHARS).optional() });

export const generateLogoutUrlRequestSchema = z
  .object({ redirectPath: z.string().min(1, '入力してください').max(2048) })
  .meta({ id: 'GenerateLogoutUrlRequest' });

export const stringValueSchema = z.object({ value: z.string() }).meta({ id: 'StringValue' });
