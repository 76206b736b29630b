import type { stringValueSchema } from '@campus/contracts/auth';
import type { z } from 'zod';
import { apiClient } from '../../api-client';

type StringValue = z.infer<typeof stringValueSchema>;

/**
 * POST /api/v1/generate-logout-url/ — ends the campus session and answers the provider's
 * end-session address. Every failure is the caller's (spec §4: the local user is cleared silently).
 */
export async function generateLogoutUrl(redirectPath: string): Promise<string> {
  const { value } = await apiClient.post<StringValue>(
    '/api/v1/generate-logout-url/',
    { redirectPath },
    { skipStatuses: 'all' },
  );
  return value;
}
