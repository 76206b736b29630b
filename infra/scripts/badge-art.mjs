// `npm run badge-art`: draw the skill badge of every certification course of the content pack into
// client/public/badges/<courseSlug>.svg and .png (512×512), and the one badge studio-made courses share. The files are committed (builds need neither
// resvg nor the fonts); rerun this when a course, a colour or the template (art/badge-svg.mjs) changes.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { render } from './art/art-kit.mjs';
import { badgeAlt, badgeSvg, BADGE_SIZE, STUDIO_BADGE } from './art/badge-svg.mjs';
import { certificationCourses } from './art/content-pack.mjs';
import { ROOT } from './lib.mjs';

const outDir = path.join(ROOT, 'client/public/badges');
mkdirSync(outDir, { recursive: true });
for (const course of [...certificationCourses(), STUDIO_BADGE]) {
  const { png, outlinedSvg } = render(badgeSvg(course), BADGE_SIZE);
  // resvg's outlined SVG drops <title>; put the text alternative back for whoever opens the file alone.
  const svg = outlinedSvg.replace(/<svg([^>]*)>/, `<svg$1 role="img" aria-label="${badgeAlt(course.title)}"><title>${badgeAlt(course.title)}</title>`);
  for (const [ext, data] of [['svg', svg], ['png', png]]) {
    const file = path.join(outDir, `${course.slug}.${ext}`);
    writeFileSync(file, data);
    console.log(`${path.relative(ROOT, file)}  ${Math.round(statSync(file).size / 1024)} KB`);
  }
}
