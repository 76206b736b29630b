// `npm run course-images`: draw a thumbnail of every course of the demo content pack into
// client/public/course-images/<kind>-<slug>-<width>.{avif,webp,png} at 320 and 640 px wide (16:9). The files
// are committed (builds need neither resvg, sharp nor the fonts); rerun this when a course title or the
// template (art/course-image-svg.mjs) changes. The client's <CourseImage> builds the same names.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { render } from './art/art-kit.mjs';
import { allCourses } from './art/content-pack.mjs';
import { courseImageSvg, imageStem } from './art/course-image-svg.mjs';
import { ROOT } from './lib.mjs';

const WIDTHS = [320, 640];
const outDir = path.join(ROOT, 'client/public/course-images');
// Rebuilt from scratch, so a course removed from the pack leaves no image behind.
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let bytes = 0;
const courses = allCourses();
for (const course of courses) {
  const svg = courseImageSvg(course);
  for (const width of WIDTHS) {
    const { png } = render(svg, width);
    const base = path.join(outDir, `${imageStem(course)}-${width}`);
    // Flat colours and text: a 256-colour palette PNG is a fraction of the size and looks the same.
    writeFileSync(`${base}.png`, await sharp(png).png({ palette: true, compressionLevel: 9 }).toBuffer());
    writeFileSync(`${base}.webp`, await sharp(png).webp({ quality: 82 }).toBuffer());
    writeFileSync(`${base}.avif`, await sharp(png).avif({ quality: 60, effort: 4 }).toBuffer());
  }
}
for (const name of readdirSync(outDir)) bytes += statSync(path.join(outDir, name)).size;
console.log(`${path.relative(ROOT, outDir)}: ${courses.length} courses × ${WIDTHS.length} widths × 3 formats, ${Math.round(bytes / 1024)} KB`);
