import type { ProgramOverview } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/programs/ — the three services' names and descriptions, from the content pack. */
export function getPrograms(options: ReadOptions = {}): Promise<ProgramOverview[]> {
  return apiClient.get<ProgramOverview[]>('/api/v1/programs/', options);
}

/** The description of one service ('' if the pack has none for it). */
export const descriptionOf = (programs: ProgramOverview[], serviceSlug: string): string =>
  programs.find((program) => program.serviceSlug === serviceSlug)?.description ?? '';
