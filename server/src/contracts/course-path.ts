import type { ServiceSlug } from './catalogue-slugs.js';

const SERVICE_OF_PROGRAM: Record<string, ServiceSlug> = { OA: 'line-official-account', AD: 'line-ads', Y_ADS: 'yahoo-ads' };

/** The page of a course on this site (spec §2 route table). */
export function coursePath(kind: string, program: string, slug: string): string {
  if (kind === 'certification') return `/lineyahoo-marketing-skill-badge/courses/${slug}`;
  const service = SERVICE_OF_PROGRAM[program]!;
  return kind === 'video' ? `/learn-with-video/${service}/courses/${slug}` : `/${service}/courses/${slug}`;
}
