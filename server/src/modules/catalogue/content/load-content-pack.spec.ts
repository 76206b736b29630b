import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentValidationError, loadContentPack } from './load-content-pack';

/** A minimal valid pack in a temporary folder; tests then break one file and read the report. */
function writePack(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'content-pack-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const PROGRAMS = ['OA', 'AD', 'Y_ADS']
  .map(
    (code, index) => `- code: ${code}
  serviceSlug: ${['line-official-account', 'line-ads', 'yahoo-ads'][index]}
  name: プログラム${index}
  description: 説明
  categories:
    - slug: basics
      name: 基本`,
  )
  .join('\n');

const lesson = (frontMatter: string, body = '本文です。') => `---\n${frontMatter}\n---\n${body}\n`;

const BASE: Record<string, string> = {
  'programs.yaml': PROGRAMS,
  'featured.yaml': '- kind: learning\n  program: OA\n  course: intro\n  headline: はじめよう',
  'campaign.yaml': 'title: キャンペーン\nbody: 本文\nstartsOn: 2026-11-01\nendsOn: 2027-01-31\nlink: /line-ads',
  'agreements/terms.md': '# 利用規約',
  'agreements/privacy.md': '# プライバシーポリシー',
  'agreements/migration-notice.md': 'Cloud Campus から移行された方へ',
  'learning-courses/OA/intro/course.yaml': 'title: 入門\nsummary: 概要\nlevel: BEGINNER\ncategories: [basics]\nestimatedMinutes: 30',
  'learning-courses/OA/intro/lessons/01-first.md': lesson('title: はじめに\nkind: text\nestimatedMinutes: 5'),
};

function problemsOf(overrides: Record<string, string>) {
  const root = writePack({ ...BASE, ...overrides });
  try {
    loadContentPack(root);
    return [];
  } catch (error) {
    if (!(error instanceof ContentValidationError)) throw error;
    return error.problems;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const VIDEO_META = 'title: 動画\nkind: video\nestimatedMinutes: 5\nvideo: intro.mp4\ncaptions: intro.vtt\ntranscript: こんにちは。';

describe('loadContentPack', () => {
  it('loads a valid pack', () => {
    expect(problemsOf({})).toEqual([]);
  });

  it.each([
    ['a YAML syntax error', { 'learning-courses/OA/intro/course.yaml': 'title: [unclosed' }, 'learning-courses/OA/intro/course.yaml', '(yaml)'],
    ['an unknown level', { 'learning-courses/OA/intro/course.yaml': BASE['learning-courses/OA/intro/course.yaml']!.replace('BEGINNER', 'EXPERT') }, 'learning-courses/OA/intro/course.yaml', 'level'],
    ['a category of another program', { 'learning-courses/OA/intro/course.yaml': BASE['learning-courses/OA/intro/course.yaml']!.replace('[basics]', '[bidding]') }, 'learning-courses/OA/intro/course.yaml', 'categories.0'],
    ['a lesson without front matter', { 'learning-courses/OA/intro/lessons/01-first.md': '本文だけ' }, 'learning-courses/OA/intro/lessons/01-first.md', '(front matter)'],
    ['a video lesson without its video', { 'learning-courses/OA/intro/lessons/01-first.md': lesson('title: 動画\nkind: video\nestimatedMinutes: 5') }, 'learning-courses/OA/intro/lessons/01-first.md', 'video'],
    ['a slide deck with too few slides', { 'learning-courses/OA/intro/lessons/01-first.md': lesson('title: スライド\nkind: slides\nestimatedMinutes: 5', '# 1\n---\n# 2') }, 'learning-courses/OA/intro/lessons/01-first.md', '(slides)'],
    ['an answer check pointing past its choices', { 'learning-courses/OA/intro/lessons/01-first.md': lesson('title: 確認\nkind: text\nestimatedMinutes: 5', '```check\nquestion: 問\nchoices: [A, B]\nanswer: 2\nexplanation: 解説\n```') }, 'learning-courses/OA/intro/lessons/01-first.md', 'check[0].answer'],
    ['a badly named lesson file', { 'learning-courses/OA/intro/lessons/first.md': lesson('title: x\nkind: text\nestimatedMinutes: 5') }, 'learning-courses/OA/intro/lessons/first.md', '(file name)'],
    ['a video file missing from media/', { 'learning-courses/OA/intro/lessons/01-first.md': lesson(VIDEO_META) }, 'learning-courses/OA/intro/lessons/01-first.md', 'video'],
    ['a video lesson without captions', { 'learning-courses/OA/intro/lessons/01-first.md': lesson('title: 動画\nkind: video\nestimatedMinutes: 5\nvideo: intro.mp4\ntranscript: こんにちは。') }, 'learning-courses/OA/intro/lessons/01-first.md', 'captions'],
    ['a video lesson without a transcript', { 'learning-courses/OA/intro/lessons/01-first.md': lesson('title: 動画\nkind: video\nestimatedMinutes: 5\nvideo: intro.mp4\ncaptions: intro.vtt') }, 'learning-courses/OA/intro/lessons/01-first.md', 'transcript'],
    ['a caption file missing from media/', { 'learning-courses/OA/intro/lessons/01-first.md': lesson(VIDEO_META) }, 'learning-courses/OA/intro/lessons/01-first.md', 'captions'],
    ['a malformed caption file', { 'learning-courses/OA/intro/lessons/01-first.md': lesson(VIDEO_META), 'learning-courses/OA/intro/media/intro.vtt': 'WEBVTT\n\n00:03.000 --> 00:01.000\n逆\n' }, 'learning-courses/OA/intro/lessons/01-first.md', 'captions'],
    ['a featured course that does not exist', { 'featured.yaml': '- kind: seminar\n  program: OA\n  course: nothing\n  headline: なし' }, 'featured.yaml', '0.course'],
    ['a seminar with a learning course’s slug (same page URL)', { 'seminar-courses/AD/intro/course.yaml': BASE['learning-courses/OA/intro/course.yaml']!, 'seminar-courses/AD/intro/lesson.md': lesson('title: セミナー\nkind: text\nestimatedMinutes: 5') }, 'seminar-courses/AD/intro', '(folder)'],
    ['a certification folder that is no slug', { 'certification-courses/Line_Ads/course.yaml': 'title: x' }, 'certification-courses/Line_Ads', '(folder)'],
  ])('names the file and the field for %s', (_case, overrides, file, field) => {
    expect(problemsOf(overrides)).toContainEqual(expect.objectContaining({ file, field }));
  });

  it('checks certification banks: correct answers per type, topics, counts and unique ids', () => {
    const question = (id: string, topic: string, type: string, correct: number[]) =>
      `- id: ${id}\n  topic: ${topic}\n  type: ${type}\n  prompt: 問題\n  explanation: 解説\n  choices:\n${[0, 1, 2]
        .map((index) => `    - text: 選択肢${index}\n      correct: ${correct.includes(index)}`)
        .join('\n')}`;
    const problems = problemsOf({
      'certification-courses/line-ads-basic/course.yaml':
        'title: LINE広告 Basic\nsummary: 概要\nlevel: BEGINNER\nbadgeValidMonths: 12\nexam:\n  questionCount: 3\n  minutes: 10\n  passPercent: 70\n  retakeWaitHours: 24\n  topics:\n    basics: 3\n  topicNames:\n    basics: 基本',
      'certification-courses/line-ads-basic/questions.yaml': [
        question('q-1', 'basics', 'single', [0, 1]),
        question('q-2', 'basics', 'multiple', [0, 2]),
        question('q-2', 'other', 'single', [1]),
      ].join('\n'),
      'certification-courses/line-ads-basic/lessons/01-a.md': lesson('title: a\nkind: text\nestimatedMinutes: 5'),
    });
    const file = 'certification-courses/line-ads-basic/questions.yaml';
    expect(problems).toContainEqual(expect.objectContaining({ file, field: '0.choices' }));
    expect(problems).toContainEqual(expect.objectContaining({ file, field: '2.id' }));
    expect(problems).toContainEqual(expect.objectContaining({ file, field: '2.topic' }));
    expect(problems).toContainEqual(expect.objectContaining({ file, field: 'basics' }));
  });

  it('asks every certification course for its level, the one its slug stands for (Basic BEGINNER, Advanced ADVANCED)', () => {
    const course = (slug: string, level: string | null) => ({
      [`certification-courses/${slug}/course.yaml`]: `title: ${slug}\nsummary: 概要\n${level ? `level: ${level}\n` : ''}badgeValidMonths: 12\nexam:\n  questionCount: 1\n  minutes: 10\n  passPercent: 70\n  retakeWaitHours: 24\n  topics:\n    basics: 1\n  topicNames:\n    basics: 基本`,
      [`certification-courses/${slug}/questions.yaml`]: '- id: q-1\n  topic: basics\n  type: single\n  prompt: 問題\n  explanation: 解説\n  choices:\n    - text: A\n      correct: true\n    - text: B\n    - text: C',
      [`certification-courses/${slug}/lessons/01-a.md`]: lesson('title: a\nkind: text\nestimatedMinutes: 5'),
    });
    const levelProblem = (slug: string) => expect.objectContaining({ file: `certification-courses/${slug}/course.yaml`, field: 'level' });
    expect(problemsOf({ ...course('line-ads-basic', 'BEGINNER'), ...course('line-ads-advanced', 'ADVANCED') })).toEqual([]);
    // Missing: refused, never filled in with a default.
    expect(problemsOf(course('line-ads-advanced', null))).toContainEqual(levelProblem('line-ads-advanced'));
    expect(problemsOf(course('line-ads-advanced', 'BEGINNER'))).toContainEqual(levelProblem('line-ads-advanced'));
    expect(problemsOf(course('line-ads-basic', 'INTERMEDIATE'))).toContainEqual(levelProblem('line-ads-basic'));
  });

  it('takes a certification course the studio added (exported back) when it names its program, with any level', () => {
    const file = 'certification-courses/studio-made-exam/course.yaml';
    const studioCourse = (program: string) => ({
      [file]: `title: スタジオ認定\nsummary: 概要\n${program}level: INTERMEDIATE\nbadgeValidMonths: 12\nexam:\n  questionCount: 1\n  minutes: 10\n  passPercent: 70\n  retakeWaitHours: 24\n  topics:\n    basics: 1\n    spare: 0\n  topicNames:\n    basics: 基本\n    spare: 予備`,
      'certification-courses/studio-made-exam/questions.yaml': '- id: q-1\n  topic: basics\n  type: single\n  prompt: 問題\n  explanation: 解説\n  choices:\n    - text: A\n      correct: true\n    - text: B',
      'certification-courses/studio-made-exam/lessons/01-a.md': lesson('title: a\nkind: text\nestimatedMinutes: 5'),
    });
    expect(problemsOf(studioCourse('program: AD\n'))).toEqual([]);
    expect(problemsOf(studioCourse(''))).toContainEqual(expect.objectContaining({ file, field: 'program' }));
  });

  it('asks for a Japanese name for every exam topic, and only for those', () => {
    const course = (names: string) =>
      `title: LINE広告 Basic\nsummary: 概要\nlevel: BEGINNER\nbadgeValidMonths: 12\nexam:\n  questionCount: 3\n  minutes: 10\n  passPercent: 70\n  retakeWaitHours: 24\n  topics:\n    basics: 2\n    bidding: 1\n  topicNames:\n${names}`;
    const file = 'certification-courses/line-ads-basic/course.yaml';
    expect(problemsOf({ [file]: course('    basics: 基本\n    targeting: ターゲティング') })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file, field: 'exam.topicNames.bidding' }),
        expect.objectContaining({ file, field: 'exam.topicNames.targeting' }),
      ]),
    );
    expect(problemsOf({ [file]: course('    basics: 基本\n    bidding: ""') })).toContainEqual(expect.objectContaining({ file, field: 'exam.topicNames.bidding' }));
  });
});
