import type { ProgramOverview } from '@campus/contracts/catalogue';
import { getPrograms as programsRoute } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** The three services' names and descriptions, from the content pack. */
export function getPrograms(options: ReadOptions = {}): Promise<ProgramOverview[]> {
  return callApi(programsRoute, {}, options);
}

/** The description of one service ('' if the pack has none for it). */
export const descriptionOf = (programs: ProgramOverview[], serviceSlug: string): string =>
  programs.find((program) => program.serviceSlug === serviceSlug)?.description ?? '';
