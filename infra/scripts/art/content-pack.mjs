// The few course facts the artwork needs, read straight from the demo content pack (server/content);
// the server's importer validates the pack, so this only walks its folders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../lib.mjs';

const PACK = path.join(ROOT, 'server/content');
const PROGRAM_BY_SERVICE = { 'line-official-account': 'OA', 'line-ads': 'AD', 'yahoo-ads': 'Y_ADS' };

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const courseYaml = (folder) => parse(readFileSync(path.join(folder, 'course.yaml'), 'utf8'));

/** @returns {{ slug: string, title: string }[]} */
export function certificationCourses(pack = PACK) {
  const base = path.join(pack, 'certification-courses');
  return folders(base).map((slug) => ({ slug, title: courseYaml(path.join(base, slug)).title }));
}

/** @typedef {{ kind: 'learning' | 'seminar' | 'video' | 'certification', program: string, slug: string, title: string, level: string | null }} PackCourse */

/**
 * Every course of the pack, certification courses included.
 * @returns {PackCourse[]}
 */
export function allCourses(pack = PACK) {
  /** @type {PackCourse[]} */
  const courses = [];
  for (const kind of /** @type {const} */ (['learning', 'seminar'])) {
    const base = path.join(pack, `${kind}-courses`);
    for (const program of folders(base)) {
      for (const slug of folders(path.join(base, program))) {
        const { title, level } = courseYaml(path.join(base, program, slug));
        courses.push({ kind, program, slug, title, level });
      }
    }
  }
  const videoBase = path.join(pack, 'video-courses');
  for (const service of folders(videoBase)) {
    for (const slug of folders(path.join(videoBase, service))) {
      const { title, level } = courseYaml(path.join(videoBase, service, slug));
      courses.push({ kind: 'video', program: PROGRAM_BY_SERVICE[service], slug, title, level });
    }
  }
  for (const { slug, title } of certificationCourses(pack)) {
    const program = slug.startsWith('line-official-account') ? 'OA' : slug.startsWith('line-ads') ? 'AD' : 'Y_ADS';
    courses.push({ kind: 'certification', program, slug, title, level: null });
  }
  return courses;
}
