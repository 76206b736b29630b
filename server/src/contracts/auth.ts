import { z } from 'zod';

export const loginQuerySchema = z.object({ currentUrl: z.string().max(2048).optional() });

export const generateLogoutUrlRequestSchema = z
  .object({ redirectPath: z.string().min(1, '入力してください').max(2048) })
  .meta({ id: 'GenerateLogoutUrlRequest' });

export const stringValueSchema = z.object({ value: z.string() }).meta({ id: 'StringValue' });
