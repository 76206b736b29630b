import type { Category } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { getCategories as categoriesRoute } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** A program's categories, in display order. */
export function getCategories(program: Program, options: ReadOptions = {}): Promise<Category[]> {
  return callApi(categoriesRoute, { query: { program } }, options);
}
