import type { Category } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/categories/?program= — a program's categories, in display order. */
export function getCategories(program: Program, options: ReadOptions = {}): Promise<Category[]> {
  return apiClient.get<Category[]>('/api/v1/categories/', { query: { program }, ...options });
}
