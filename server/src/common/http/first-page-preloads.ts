import { isCertificationSlug, isServiceSlug, isVideoServiceSlug } from '../../contracts/catalogue-slugs.js';

/**
 * Vite's build manifest (client/dist/.vite/manifest.json): for each source module that became a
 * chunk, its file, the chunks it imports statically and its styles.
 */
export type ViteManifest = Record<string, { file: string; name?: string; imports?: string[]; css?: string[] }>;

const CERTIFICATION_ROOT = 'lineyahoo-marketing-skill-badge';
const EXAM_PAGES = new Set(['exam', 'exam-policy', 'exam-result']);
const HOME_PAGE = 'src/app/routes/home-page.tsx';
const SERVICE_PAGES = 'src/app/routes/service-pages.tsx';
const LESSON_PAGES = 'src/app/routes/lesson-pages.tsx';
const BADGE_PAGES = 'src/app/routes/badge-pages.tsx';
const EXAM_PAGE_MODULE = 'src/app/routes/exam-pages.tsx';
const CERTIFICATE_VERIFICATION_PAGE = 'src/app/routes/certificate-verification-page.tsx';

/** The route modules `firstPageModule` names: each gets its own copy of the HTML, once per build. */
export const FIRST_PAGE_MODULES = [HOME_PAGE, SERVICE_PAGES, LESSON_PAGES, BADGE_PAGES, EXAM_PAGE_MODULE, CERTIFICATE_VERIFICATION_PAGE] as const;
export type FirstPageModule = (typeof FIRST_PAGE_MODULES)[number];

/**
 * The client route module (client/src/app/router.tsx) of the pages that visitors arrive at from search
 * results and shares: the top page, the service, video and skill badge pages, their lessons, and a
 * certificate's verification page (the link on a shared certificate). Other pages, and paths the router
 * answers with its 404 page, load their code as before.
 */
export function firstPageModule(pathname: string): FirstPageModule | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const [first, second] = segments;
  if (first === undefined) return HOME_PAGE;
  if (first === 'certificates' && second === 'verify' && segments.length === 3) return CERTIFICATE_VERIFICATION_PAGE;
  // After the service (or learn-with-video/service): courses/{course}/lessons/{lesson} is a lesson.
  const isLessonAt = (start: number) => segments[start] === 'courses' && segments[start + 2] === 'lessons' && segments.length === start + 4;
  if (isServiceSlug(first)) return isLessonAt(1) ? LESSON_PAGES : SERVICE_PAGES;
  if (first === 'learn-with-video' && isVideoServiceSlug(second)) return isLessonAt(2) ? LESSON_PAGES : SERVICE_PAGES;
  if (first !== CERTIFICATION_ROOT) return undefined;
  if (second === undefined) return BADGE_PAGES;
  const [, , course, page] = segments;
  if (second !== 'courses' || !isCertificationSlug(course)) return undefined;
  if (page === undefined) return BADGE_PAGES;
  if (isLessonAt(1)) return LESSON_PAGES;
  if (EXAM_PAGES.has(page) && segments.length === 4) return EXAM_PAGE_MODULE;
  return undefined;
}

/**
 * A chunk and every chunk it imports statically, each once, imported chunks first: their styles are
 * linked before the importer's, so a page's own rules win over the shared ones they refine (a course
 * page's `.course-detail__facts` margin over `.fact-list`'s), as when the app loads them.
 */
function chunkWithImports(manifest: ViteManifest, key: string, seen = new Set<string>(), ordered: string[] = []): string[] {
  if (seen.has(key) || !manifest[key]) return ordered;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) chunkWithImports(manifest, imported, seen, ordered);
  ordered.push(key);
  return ordered;
}

/**
 * A route module's chunk in the manifest: under its source path, or, when the build groups the module
 * with what it imports (client/vite.config.ts), the script chunk named after its file.
 */
function chunkKeyOf(manifest: ViteManifest, module: FirstPageModule): string | undefined {
  if (manifest[module]) return module;
  const name = module.slice(module.lastIndexOf('/') + 1).replace(/\.tsx$/, '');
  return Object.keys(manifest).find((key) => manifest[key]!.name === name && manifest[key]!.file.endsWith('.js'));
}

/**
 * The index.html with `<link>` tags that start loading a route module's code and styles with the
 * HTML, instead of after the main script has run and the router has found the page (on a phone,
 * several hundred milliseconds later). Files the HTML already names are left out; a module the
 * manifest does not know adds nothing.
 */
export function withFirstPagePreloads(indexHtml: string, manifest: ViteManifest, module: FirstPageModule): string {
  const key = chunkKeyOf(manifest, module);
  const chunks = key ? chunkWithImports(manifest, key).map((found) => manifest[found]!) : [];
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
