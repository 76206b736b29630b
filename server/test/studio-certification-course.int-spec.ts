import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { CourseDraftDocument } from '../src/contracts/studio-courses';
import type { BankQuestion, ExamBlueprint, QuestionBank, QuestionFields } from '../src/contracts/studio-questions';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';

const SLUG = 'studio-made-certification';
const BANK = `/api/v1/admin/studio/questions/${SLUG}`;
const BLUEPRINT = `/api/v1/admin/studio/blueprints/${SLUG}`;
const LEARNER_COURSE = `/api/v1/certification-courses/${SLUG}`;
const PAGE = `/lineyahoo-marketing-skill-badge/courses/${SLUG}`;
const PROFILE = { lastName: '新井', firstName: '次郎', lastNameKana: 'アライ', firstNameKana: 'ジロウ', email: 'new-cert@example.com' };

const aQuestion = (topic: string, index: number): QuestionFields => ({
  topic,
  type: 'single',
  prompt: `スタジオで作った認定コースの問題 ${index}。正しいものはどれか。`,
  choices: [
    { text: `問題 ${index} の正解`, correct: true },
    { text: `問題 ${index} の誤り`, correct: false },
  ],
  explanation: '正解の選択肢が正しい説明です。',
  difficulty: 'medium',
});

describe('content studio: a certification course made in the browser', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  // A page's status needs the client's index.html to answer with: a stand-in will do.
  const clientDist = mkdtempSync(path.join(tmpdir(), 'campus-client-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let admin: BrowserLikeClient;
  let learner: BrowserLikeClient;

  const bank = async () => (await admin.xhr('GET', BANK)).json<QuestionBank>();
  const saveBlueprint = async (blueprint: ExamBlueprint) => admin.xhr('PUT', BLUEPRINT, { expectedVersion: (await bank()).courseVersion, blueprint });
  const learnerSees = async () => ({
    course: (await learner.xhr('GET', LEARNER_COURSE)).status,
    listed: (await learner.xhr('GET', '/api/v1/certification-courses')).json<{ slug: string }[]>().some((course) => course.slug === SLUG),
    page: (await fetch(`${campus.api.origin}${PAGE}`)).status,
  });

  beforeAll(async () => {
    writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html lang="ja"><head><title>キャンパス</title></head><body><div id="root"></div></body></html>');
    campus = await startCampus({ mediaDir, env: { CLIENT_DIST_DIR: clientDist } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    admin = await logInAsDemo(campus.api.origin, 'admin');
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(clientDist, { recursive: true, force: true });
  });

  it('is created and published as a course, stays out of learners’ sight without an exam, gets topics, questions and a blueprint, then opens', async () => {
    const created = await admin.xhr('POST', '/api/v1/admin/studio/courses', { kind: 'certification', program: 'AD', slug: SLUG, title: 'スタジオ認定 Basic' });
    expect(created.status).toBe(201);
    const { courseId } = created.json<{ courseId: string }>();
    const draft = (await admin.xhr('GET', `/api/v1/admin/studio/courses/${courseId}`)).json<{ version: number; document: CourseDraftDocument }>();
    const document: CourseDraftDocument = {
      ...draft.document,
      course: { ...draft.document.course, summary: 'スタジオで作った認定コースです。' },
      lessons: [
        { lessonId: crypto.randomUUID(), slug: 'intro', title: 'はじめに', kind: 'text', estimatedMinutes: 5, loginRequired: false, body: '## 試験の前に\n\nこのコースの要点です。', pdfPath: null, videoPath: null, captionsPath: null, transcript: null },
      ],
    };
    expect((await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: draft.version, document })).status).toBe(200);
    expect((await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/publish`, { expectedVersion: draft.version + 1 })).status).toBe(200);

    // Published, but with no exam: neither listed, nor a page, nor startable.
    expect(await learnerSees()).toEqual({ course: 404, listed: false, page: 404 });
    expect((await learner.xhr('POST', `${LEARNER_COURSE}/exam/start/`)).status).toBe(404);

    // Its bank starts empty, with a blueprint of no topics that draws nothing.
    const empty = await bank();
    expect(empty).toMatchObject({ courseSlug: SLUG, courseTitle: 'スタジオ認定 Basic', questions: [], publishedByTopic: {} });
    expect(empty.blueprint).toMatchObject({ questionCount: 0, topics: {}, topicNames: {} });
    const summaries = (await admin.xhr('GET', '/api/v1/admin/studio/questions')).json<{ courseSlug: string; questionCount: number }[]>();
    expect(summaries.find((summary) => summary.courseSlug === SLUG)).toMatchObject({ questionCount: 0 });

    // A question needs a topic first; topics are added at a count of 0.
    expect((await admin.xhr('POST', BANK, { expectedVersion: 0, question: aQuestion('basics', 0) })).json()).toMatchObject({ status: 400, field: 'question.topic' });
    const settings = { minutes: 20, passPercent: 60, retakeWaitHours: 1, badgeValidMonths: 24 };
    const topics = await saveBlueprint({ ...settings, questionCount: 0, topics: { basics: 0, practice: 0 }, topicNames: { basics: '基本', practice: '実践' } });
    expect(topics.status).toBe(200);
    expect(await learnerSees()).toMatchObject({ course: 404, listed: false });

    for (const [index, topic] of ['basics', 'basics', 'basics', 'basics', 'practice', 'practice', 'practice', 'practice'].entries()) {
      const written = (await admin.xhr('POST', BANK, { expectedVersion: 0, question: aQuestion(topic, index) })).json<BankQuestion>();
      expect((await admin.xhr('POST', `${BANK}/${written.questionId}/status`, { expectedVersion: written.version, status: 'published' })).status).toBe(200);
    }
    // Asking more than the bank holds names the short topic.
    const short = await saveBlueprint({ ...settings, questionCount: 9, topics: { basics: 5, practice: 4 }, topicNames: { basics: '基本', practice: '実践' } });
    expect(short.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'blueprint.topics.basics' });
    expect(short.json().message).toContain('基本');

    expect((await saveBlueprint({ ...settings, questionCount: 8, topics: { basics: 4, practice: 4 }, topicNames: { basics: '基本', practice: '実践' } })).status).toBe(200);
    expect(await learnerSees()).toEqual({ course: 200, listed: true, page: 200 });
    const card = (await learner.xhr('GET', LEARNER_COURSE)).json();
    expect(card).toMatchObject({ label: 'スタジオ認定 Basic', program: 'AD', requiresSlug: null, exam: { questionCount: 8, minutes: 20, passPercent: 60 } });

    // The learner takes it: eight questions drawn from the two topics.
    const started = (await learner.xhr('POST', `${LEARNER_COURSE}/exam/start/`)).json<{ examSessionId: string }>();
    const exam = (await learner.xhr('GET', `${LEARNER_COURSE}/exam`)).json<{ questions: { questionId: string }[] }>();
    expect(exam.questions).toHaveLength(8);
    const right = await rightAnswersOf(database, started.examSessionId);
    for (const { questionId } of exam.questions) {
      expect((await learner.xhr('PUT', `/api/v1/exam-sessions/${started.examSessionId}/answers/${questionId}`, { choiceIds: right[questionId] })).status).toBe(200);
    }
  });

  it('refuses closing an open exam with 0 questions, and removing a topic that still holds questions', async () => {
    const { blueprint } = await bank();
    const closed = await saveBlueprint({ ...blueprint, questionCount: 0, topics: { basics: 0, practice: 0 } });
    expect(closed.json()).toMatchObject({ status: 400, field: 'blueprint.questionCount' });
    const removed = await saveBlueprint({ ...blueprint, questionCount: 4, topics: { basics: 4 }, topicNames: { basics: '基本' } });
    expect(removed.json()).toMatchObject({ status: 400, field: 'blueprint.topics.practice' });
    expect(removed.json().message).toContain('実践');
    // An empty topic goes; its name goes with it.
    expect((await saveBlueprint({ ...blueprint, topics: { ...blueprint.topics, spare: 0 }, topicNames: { ...blueprint.topicNames, spare: '予備' } })).status).toBe(200);
    expect((await saveBlueprint(blueprint)).status).toBe(200);
    expect((await bank()).blueprint.topicNames).toEqual({ basics: '基本', practice: '実践' });
    const unnamed = await saveBlueprint({ ...blueprint, topics: { ...blueprint.topics, extra: 0 } });
    expect(unnamed.json()).toMatchObject({ status: 400, field: 'blueprint.topicNames.extra' });
    // A topic slug that is no slug, or a negative count, is refused with the field named; nothing is saved.
    const badSlug = await saveBlueprint({ ...blueprint, topics: { ...blueprint.topics, 'Basics!': 0 }, topicNames: { ...blueprint.topicNames, 'Basics!': '基本2' } });
    expect(badSlug.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(badSlug.json().field).toMatch(/^blueprint\.topics/);
    const negative = await saveBlueprint({ ...blueprint, topics: { ...blueprint.topics, practice: -1 } });
    expect(negative.json()).toMatchObject({ status: 400, field: 'blueprint.topics.practice' });
    expect((await bank()).blueprint.topics).toEqual(blueprint.topics);
  });
});
