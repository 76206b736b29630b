import { z } from 'zod';

/** Query marker appended to currentUrl when the learner cancels at the identity provider. */
export const LOGIN_RESULT_PARAM = 'login';
export const LOGIN_CANCELLED = 'cancelled';
export const LOGIN_FAILED = 'failed';

export const loginQuerySchema = z.object({ currentUrl: z.string().max(2048).optional() });

export const generateLogoutUrlRequestSchema = z
  .object({ redirectPath: z.string().min(1, '入力してください').max(2048) })
  .meta({ id: 'GenerateLogoutUrlRequest' });

export const stringValueSchema = z.object({ value: z.string() }).meta({ id: 'StringValue' });
