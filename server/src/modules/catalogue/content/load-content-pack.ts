import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseWebVtt } from './webvtt.js';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  CERTIFICATION_COURSES,
  certificationLevelOf,
  isCertificationSlug,
  isSlugShaped,
  PROGRAM_BY_SERVICE_SLUG,
  VIDEO_SERVICE_SLUGS,
  type Program,
  type ServiceSlug,
} from '../../../contracts/catalogue-slugs.js';
import {
  answerCheckSchema,
  campaignFileSchema,
  certificationCourseFileSchema,
  courseFileSchema,
  featuredFileSchema,
  lessonFrontMatterSchema,
  programsFileSchema,
  questionSchema,
  questionsFileSchema,
  type AnswerCheck,
  type CampaignFile,
  type CertificationCourseFile,
  type CourseFile,
  type FeaturedFile,
  type LessonFrontMatter,
  type ProgramsFile,
  type Question,
} from './content-schema.js';

export interface ContentProblem {
  /** Relative to the pack's root. */
  file: string;
  field: string;
  message: string;
}

export class ContentValidationError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(problems.map((problem) => `${problem.file}: ${problem.field}: ${problem.message}`).join('\n'));
  }
}

export interface LessonContent {
  slug: string;
  order: number;
  meta: LessonFrontMatter;
  /** Markdown; for slide decks, the whole deck. */
  body: string;
  slides: string[];
  checks: AnswerCheck[];
  file: string;
  /** Video lessons: the file to copy into the media storage (absolute path). */
  videoSource?: string;
  /** Video lessons: the WebVTT captions to copy beside it (absolute path, checked). */
  captionsSource?: string;
  /** Slide lessons given as a PDF file: the file to copy into the media storage (absolute path, checked). */
  pdfSource?: string;
}

export interface CourseContent {
  kind: 'learning' | 'seminar' | 'video';
  program: Program;
  slug: string;
  course: CourseFile;
  lessons: LessonContent[];
  folder: string;
}

export interface CertificationContent {
  slug: string;
  program: Program;
  course: CertificationCourseFile;
  lessons: LessonContent[];
  questions: Question[];
}

export interface ContentPack {
  programs: ProgramsFile;
  courses: CourseContent[];
  certifications: CertificationContent[];
  featured: FeaturedFile;
  campaign: CampaignFile;
  agreements: { terms: string; privacy: string; migrationNotice: string };
}

const LESSON_FILE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;
const CHECK_BLOCK = /```check\n([\s\S]*?)\n```/g;
const SLIDE_SEPARATOR = /^---$/m;
const MIN_SLIDES = 6;
const MAX_SLIDES = 12;

/**
 * The answer checks (```check blocks) of a lesson's Markdown, and the problems of those that are not
 * valid, each with its field (`check[0]`) and message: the import and the studio's preview read them alike.
 */
export function answerChecksIn(body: string): { checks: AnswerCheck[]; problems: { field: string; message: string }[] } {
  const checks: AnswerCheck[] = [];
  const problems: { field: string; message: string }[] = [];
  for (const [index, block] of [...body.matchAll(CHECK_BLOCK)].entries()) {
    const field = `check[${index}]`;
    let value: unknown;
    try {
      value = parseYaml(block[1]!);
    } catch (error) {
      problems.push({ field, message: (error as Error).message.split('\n')[0]! });
      continue;
    }
    const parsed = answerCheckSchema.safeParse(value);
    if (parsed.success) checks.push(parsed.data);
    else for (const issue of parsed.error.issues) problems.push({ field: [field, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  return { checks, problems };
}

/** Reads and checks the whole pack; every problem found is reported at once, with its file and field. */
export function loadContentPack(root: string): ContentPack {
  const problems: ContentProblem[] = [];
  const relative = (file: string) => path.relative(root, file);
  const report = (file: string, field: string, message: string) => problems.push({ file: relative(file), field, message });

  function validate<S extends z.ZodType>(file: string, schema: S, value: unknown, fieldPrefix = ''): z.infer<S> | undefined {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      report(file, [fieldPrefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)', issue.message);
    }
    return undefined;
  }

  function readText(file: string): string | undefined {
    if (!existsSync(file)) {
      report(file, '(file)', 'ファイルがありません');
      return undefined;
    }
    return readFileSync(file, 'utf8');
  }

  function readYaml<S extends z.ZodType>(file: string, schema: S): z.infer<S> | undefined {
    const text = readText(file);
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = parseYaml(text);
    } catch (error) {
      report(file, '(yaml)', (error as Error).message.split('\n')[0]!);
      return undefined;
    }
    return validate(file, schema, value);
  }

  function readLesson(file: string, order: number, slug: string): LessonContent | undefined {
    const text = readText(file);
    if (text === undefined) return undefined;
    const match = FRONT_MATTER.exec(text.replace(/\r\n/g, '\n'));
    if (!match) {
      report(file, '(front matter)', '先頭に --- で囲んだ front matter が必要です');
      return undefined;
    }
    let frontMatter: unknown;
    try {
      frontMatter = parseYaml(match[1]!);
    } catch (error) {
      report(file, '(front matter)', (error as Error).message.split('\n')[0]!);
      return undefined;
    }
    const meta = validate(file, lessonFrontMatterSchema, frontMatter);
    const body = match[2]!.trim();
    // A text lesson is its body and a Markdown deck its slides; a video or a PDF deck may go without words.
    if (!body && (meta?.kind === 'text' || (meta?.kind === 'slides' && meta.pdf === undefined))) report(file, '(body)', '本文がありません');
    const { checks, problems: checkProblems } = answerChecksIn(body);
    for (const problem of checkProblems) report(file, problem.field, problem.message);
    const isDeck = meta?.kind === 'slides' && meta.pdf === undefined;
    const slides = isDeck ? body.split(SLIDE_SEPARATOR).map((slide) => slide.trim()) : [];
    if (isDeck) {
      if (slides.length < MIN_SLIDES || slides.length > MAX_SLIDES) {
        report(file, '(slides)', `スライドは ${MIN_SLIDES}〜${MAX_SLIDES} 枚にしてください（${slides.length} 枚）`);
      }
      slides.forEach((slide, index) => {
        if (!slide.startsWith('# ')) report(file, `slides[${index}]`, 'スライドは「# 見出し」で始めてください');
      });
    }
    return meta ? { slug, order, meta, body, slides, checks, file: relative(file) } : undefined;
  }

  function readLessons(folder: string): LessonContent[] {
    const lessonsFolder = path.join(folder, 'lessons');
    if (!existsSync(lessonsFolder)) {
      report(lessonsFolder, '(folder)', 'lessons フォルダーがありません');
      return [];
    }
    const lessons: LessonContent[] = [];
    for (const name of readdirSync(lessonsFolder).sort()) {
      const match = LESSON_FILE.exec(name);
      if (!match) {
        report(path.join(lessonsFolder, name), '(file name)', 'NN-<slug>.md の形式にしてください');
        continue;
      }
      const lesson = readLesson(path.join(lessonsFolder, name), Number(match[1]), match[2]!);
      if (lesson) lessons.push(lesson);
    }
    return lessons;
  }

  const subfolders = (folder: string) =>
    existsSync(folder) ? readdirSync(folder).filter((name) => statSync(path.join(folder, name)).isDirectory()).sort() : [];

  const programs = readYaml(path.join(root, 'programs.yaml'), programsFileSchema) ?? [];
  const categoriesOf = (program: Program) => new Set(programs.find((entry) => entry.code === program)?.categories.map((category) => category.slug));

  const courses: CourseContent[] = [];
  function readCourse(kind: CourseContent['kind'], program: Program, folder: string) {
    const slug = path.basename(folder);
    const courseFile = path.join(folder, 'course.yaml');
    const course = readYaml(courseFile, courseFileSchema);
    if (!course) return;
    const known = categoriesOf(program);
    course.categories.forEach((category, index) => {
      if (!known.has(category)) report(courseFile, `categories.${index}`, `${program} にないカテゴリーです: ${category}`);
    });
    let lessons: LessonContent[];
    if (kind === 'seminar') {
      const lesson = readLesson(path.join(folder, 'lesson.md'), 1, slug);
      lessons = lesson ? [lesson] : [];
    } else {
      lessons = readLessons(folder);
    }
    for (const lesson of lessons) {
      const video = lesson.meta.video && path.join(folder, 'media', lesson.meta.video);
      if (video && !existsSync(video)) report(path.join(root, lesson.file), 'video', `動画ファイルがありません: ${relative(video)}`);
      if (video) lesson.videoSource = video;
      const pdf = lesson.meta.pdf && path.join(folder, 'media', lesson.meta.pdf);
      if (pdf) {
        if (!existsSync(pdf)) report(path.join(root, lesson.file), 'pdf', `PDF ファイルがありません: ${relative(pdf)}`);
        else if (readFileSync(pdf).subarray(0, 5).toString('latin1') !== '%PDF-') report(path.join(root, lesson.file), 'pdf', `PDF ではありません: ${relative(pdf)}`);
        else lesson.pdfSource = pdf;
      }
      const captions = lesson.meta.captions && path.join(folder, 'media', lesson.meta.captions);
      if (captions) {
        if (!existsSync(captions)) report(path.join(root, lesson.file), 'captions', `字幕ファイルがありません: ${relative(captions)}`);
        else {
          const parsed = parseWebVtt(readFileSync(captions, 'utf8'));
          if (parsed.ok) lesson.captionsSource = captions;
          else report(path.join(root, lesson.file), 'captions', `${relative(captions)}: ${parsed.message}`);
        }
      }
    }
    courses.push({ kind, program, slug, course, lessons, folder: relative(folder) });
  }

  for (const kind of ['learning', 'seminar'] as const) {
    const base = path.join(root, `${kind}-courses`);
    for (const programFolder of subfolders(base)) {
      const program = programFolder as Program;
      if (!['OA', 'AD', 'Y_ADS'].includes(program)) {
        report(path.join(base, programFolder), '(folder)', 'OA / AD / Y_ADS のいずれかにしてください');
        continue;
      }
      for (const courseFolder of subfolders(path.join(base, programFolder))) readCourse(kind, program, path.join(base, programFolder, courseFolder));
    }
  }
  // Learning and seminar courses share the page route /{serviceSlug}/courses/{courseSlug}.
  const learningSlugs = new Set(courses.filter((course) => course.kind === 'learning').map((course) => course.slug));
  for (const seminar of courses.filter((course) => course.kind === 'seminar' && learningSlugs.has(course.slug))) {
    report(path.join(root, seminar.folder), '(folder)', `学習コースと同じスラッグです（ページの URL が重なります）: ${seminar.slug}`);
  }
  const videoBase = path.join(root, 'video-courses');
  for (const serviceSlug of subfolders(videoBase)) {
    if (!(VIDEO_SERVICE_SLUGS as readonly string[]).includes(serviceSlug)) {
      report(path.join(videoBase, serviceSlug), '(folder)', `動画コースは ${VIDEO_SERVICE_SLUGS.join(' / ')} のみです`);
      continue;
    }
    const program = PROGRAM_BY_SERVICE_SLUG[serviceSlug as ServiceSlug];
    for (const courseFolder of subfolders(path.join(videoBase, serviceSlug))) readCourse('video', program, path.join(videoBase, serviceSlug, courseFolder));
  }

  const certifications: CertificationContent[] = [];
  const certificationBase = path.join(root, 'certification-courses');
  for (const slug of subfolders(certificationBase)) {
    const folder = path.join(certificationBase, slug);
    if (!isSlugShaped(slug)) {
      report(folder, '(folder)', `認定コースのスラッグではありません: ${slug}`);
      continue;
    }
    const courseFile = path.join(folder, 'course.yaml');
    const questionsFile = path.join(folder, 'questions.yaml');
    const course = readYaml(courseFile, certificationCourseFileSchema);
    // Each question is checked on its own, so one bad question does not hide the bank's other problems.
    const bank = (readYaml(questionsFile, questionsFileSchema) ?? []).flatMap((value, index) => {
      const question = validate(questionsFile, questionSchema, value, String(index));
      return question ? [{ index, question }] : [];
    });
    const questions = bank.map(({ question }) => question);
    const lessons = readLessons(folder);
    if (!course) continue;
    if (isCertificationSlug(slug)) {
      const expectedLevel = certificationLevelOf(slug);
      if (course.level !== expectedLevel) report(courseFile, 'level', `${slug} の level は ${expectedLevel} です（Basic は BEGINNER、Advanced は ADVANCED）`);
    } else if (!course.program) {
      report(courseFile, 'program', `${slug} はパック既定の認定コースではないため program（OA / AD / Y_ADS）が必要です`);
    }
    const seen = new Set<string>();
    bank.forEach(({ question, index }) => {
      if (seen.has(question.id)) report(questionsFile, `${index}.id`, `id が重複しています: ${question.id}`);
      seen.add(question.id);
      if (!(question.topic in course.exam.topics)) report(questionsFile, `${index}.topic`, `exam.topics にないトピックです: ${question.topic}`);
    });
    for (const [topic, count] of Object.entries(course.exam.topics)) {
      const available = questions.filter((question) => question.topic === topic).length;
      if (available < count) report(questionsFile, topic, `出題数 ${count} に対して問題が ${available} 問しかありません`);
    }
    certifications.push({ slug, program: isCertificationSlug(slug) ? CERTIFICATION_COURSES[slug].program : (course.program ?? 'OA'), course, lessons, questions });
  }

  const featured = readYaml(path.join(root, 'featured.yaml'), featuredFileSchema) ?? [];
  featured.forEach((item, index) => {
    const exists =
      item.kind === 'certification'
        ? certifications.some((certification) => certification.slug === item.course)
        : courses.some((course) => course.kind === item.kind && course.slug === item.course && (!item.program || course.program === item.program));
    if (!exists) report(path.join(root, 'featured.yaml'), `${index}.course`, `該当するコースがありません: ${item.course}`);
  });
  const campaign = readYaml(path.join(root, 'campaign.yaml'), campaignFileSchema);
  const agreement = (name: string) => readText(path.join(root, 'agreements', name))?.trim() ?? '';
  const agreements = { terms: agreement('terms.md'), privacy: agreement('privacy.md'), migrationNotice: agreement('migration-notice.md') };

  if (problems.length > 0 || !campaign) throw new ContentValidationError(problems);
  return { programs, courses, certifications, featured, campaign, agreements };
}
