import { isCertificationSlug, isServiceSlug, isVideoServiceSlug } from '../../contracts/catalogue-slugs.js';

/**
 * Vite's build manifest (client/dist/.vite/manifest.json): for each source module that became a
 * chunk, its file, the chunks it imports statically and its styles.
 */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

const CERTIFICATION_ROOT = 'lineyahoo-marketing-skill-badge';
const EXAM_PAGES = new Set(['exam', 'exam-policy', 'exam-result']);

/**
 * The client route module (client/src/app/router.tsx) of the learning pages that visitors arrive at
 * from search results and shares: the top page, the service and video pages, and the skill badge
 * pages. Other pages, and paths the router answers with its 404 page, load their code as before.
 */
export function firstPageModule(pathname: string): string | undefined {
  const [first, second, third, fourth, fifth] = pathname.split('/').filter(Boolean);
  if (first === undefined) return 'src/app/routes/home-page.tsx';
  if (isServiceSlug(first) || (first === 'learn-with-video' && isVideoServiceSlug(second))) return 'src/app/routes/service-pages.tsx';
  if (first !== CERTIFICATION_ROOT) return undefined;
  if (second === undefined) return 'src/app/routes/badge-pages.tsx';
  if (second !== 'courses' || !isCertificationSlug(third)) return undefined;
  if (fourth !== undefined && EXAM_PAGES.has(fourth) && fifth === undefined) return 'src/app/routes/exam-pages.tsx';
  return 'src/app/routes/badge-pages.tsx';
}

/** A chunk and every chunk it imports statically, each once. */
function chunkWithImports(manifest: ViteManifest, key: string, found = new Set<string>()): Set<string> {
  if (found.has(key) || !manifest[key]) return found;
  found.add(key);
  for (const imported of manifest[key].imports ?? []) chunkWithImports(manifest, imported, found);
  return found;
}

/**
 * The index.html with `<link>` tags that start loading the page's own code and styles with the HTML,
 * instead of after the main script has run and the router has found the page (on a phone, several
 * hundred milliseconds later). Files the HTML already names are left out.
 */
export function withFirstPagePreloads(indexHtml: string, manifest: ViteManifest, pathname: string): string {
  const module = firstPageModule(pathname);
  if (!module) return indexHtml;
  const chunks = [...chunkWithImports(manifest, module)].map((key) => manifest[key]!);
  const scripts = chunks.map((chunk) => chunk.file);
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const named = (file: string) => indexHtml.includes(`"/${file}"`);
  const tags = [
    ...scripts.filter((file) => !named(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // Stylesheets, not preloads: the app inserts the same links for the page, and finds these instead.
    ...styles.filter((file) => !named(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return tags.length ? indexHtml.replace('</head>', `${tags.join('\n')}\n</head>`) : indexHtml;
}
