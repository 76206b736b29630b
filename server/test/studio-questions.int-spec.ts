import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { parse as parseYaml } from 'yaml';
import type { BankQuestion, QuestionBank, QuestionFields } from '../src/contracts/studio-questions';
import { questionSchema } from '../src/modules/catalogue/content/content-schema';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';

const SLUG = 'line-ads-basic';
const BANK = `/api/v1/admin/studio/certification-courses/${SLUG}/questions`;
const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };

const aQuestion = (overrides: Partial<QuestionFields> = {}): QuestionFields => ({
  topic: 'ads-basics',
  type: 'single',
  prompt: 'スタジオで書いた問題として正しいものはどれか。',
  choices: [
    { text: '正しい選択肢', correct: true },
    { text: '誤った選択肢', correct: false },
    { text: 'もう一つの誤り', correct: false },
  ],
  explanation: '正しい選択肢が正解です。',
  difficulty: 'easy',
  ...overrides,
});

describe('content studio: the question bank and the exam blueprint', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let admin: BrowserLikeClient;
  let secondAdmin: BrowserLikeClient;
  let learner: BrowserLikeClient;

  const bank = async (query = '') => (await admin.xhr('GET', `${BANK}${query}`)).json<QuestionBank>();
  const status = (questionId: string, expectedVersion: number, to: string, client = admin) => client.xhr('POST', `${BANK}/${questionId}/status`, { expectedVersion, status: to });
  const published = async (questionId: string) => (await database.query(`select version, prompt from questions where question_id = $1`, [questionId])).rows[0] ?? null;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    admin = await logInAsDemo(campus.api.origin, 'admin');
    secondAdmin = await logInAsDemo(campus.api.origin, 'admin');
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('is for admins only', async () => {
    const visitor = new BrowserLikeClient(campus.api.origin);
    for (const [method, address, body] of [
      ['GET', BANK],
      ['POST', BANK, { expectedVersion: 0, question: aQuestion() }],
      ['PUT', `/api/v1/admin/studio/certification-courses/${SLUG}/blueprint`, { expectedVersion: 1, blueprint: {} }],
    ] as const) {
      expect((await learner.xhr(method, address, body)).status).toBe(403);
      expect((await visitor.xhr(method, address, body)).status).toBe(401);
    }
    expect((await admin.xhr('GET', '/api/v1/admin/studio/certification-courses/no-such-course/questions')).status).toBe(404);
  });

  it('lists the imported bank as published first versions, with the blueprint and the published count per topic', async () => {
    const { questions, blueprint, publishedByTopic } = await bank();
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(questions.every((question) => question.status === 'published' && question.version === 1 && question.publishedVersion === 1)).toBe(true);
    expect(Object.values(blueprint.topics).reduce((sum, count) => sum + count, 0)).toBe(blueprint.questionCount);
    expect(publishedByTopic['ads-basics']).toBe(questions.filter((question) => question.topic === 'ads-basics').length);
    expect((await bank('?topic=targeting&type=multiple')).questions.every((question) => question.topic === 'targeting' && question.type === 'multiple')).toBe(true);
  });

  it.each([
    ['no correct choice in a single-answer question', aQuestion({ choices: [{ text: 'A', correct: false }, { text: 'B', correct: false }] }), 'question.choices', '正解の選択肢を 1 つ選んでください'],
    ['two correct choices in a single-answer question', aQuestion({ choices: [{ text: 'A', correct: true }, { text: 'B', correct: true }, { text: 'C', correct: false }] }), 'question.choices', 'ひとつ選ぶ問題の正解は 1 つだけです'],
    ['every choice correct in a multiple-answer question', aQuestion({ type: 'multiple', choices: [{ text: 'A', correct: true }, { text: 'B', correct: true }] }), 'question.choices', 'すべての選択肢を正解にはできません'],
    ['seven choices', aQuestion({ choices: Array.from({ length: 7 }, (_, index) => ({ text: `選択肢${index}`, correct: index === 0 })) }), 'question.choices', '選択肢は 6 つまでです'],
    ['a topic the blueprint does not have', aQuestion({ topic: 'no-such-topic' }), 'question.topic', '分野は出題設計にあるもの'],
    ['an empty prompt', aQuestion({ prompt: ' ' }), 'question.prompt', '問題文を入力してください'],
  ])('refuses %s with the field named, and writes nothing', async (_name, question, field, message) => {
    const before = (await database.query(`select count(*)::int as n from question_versions`)).rows[0].n;
    const reply = await admin.xhr('POST', BANK, { expectedVersion: 0, question });
    expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    expect(reply.json().message).toContain(message);
    expect((await database.query(`select count(*)::int as n from question_versions`)).rows[0].n).toBe(before);
  });

  it('refuses a 2 MB field with 413, not a 500', async () => {
    const reply = await admin.xhr('POST', BANK, { expectedVersion: 0, question: aQuestion({ prompt: 'あ'.repeat(700_000) }) });
    expect(reply.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('takes a new question through draft, review and publish, each a version, and only then draws it', async () => {
    const draft = (await admin.xhr('POST', BANK, { expectedVersion: 0, question: aQuestion() })).json<BankQuestion>();
    expect(draft).toMatchObject({ version: 1, status: 'draft', publishedVersion: null });
    expect(await published(draft.questionId)).toBeNull();
    expect((await status(draft.questionId, 1, 'published', learner)).status).toBe(403);
    expect((await status(draft.questionId, 1, 'review')).json()).toMatchObject({ version: 2, status: 'review' });
    expect((await status(draft.questionId, 2, 'review')).json()).toMatchObject({ status: 400, field: 'status' });
    expect((await status(draft.questionId, 2, 'published')).json()).toMatchObject({ version: 3, status: 'published', publishedVersion: 3 });
    expect(await published(draft.questionId)).toMatchObject({ version: 3 });
    const events = await database.query(`select type, meta->>'actorId' as actor from events where stream_type = 'question' and stream_id like $1 order by version`, [`%:${draft.questionId}`]);
    expect(events.rows.map((row) => row.type)).toEqual(['QuestionDrafted', 'QuestionSubmittedForReview', 'QuestionPublished']);
    expect(events.rows.every((row) => row.actor)).toBe(true);
    const versions = (await admin.xhr('GET', `${BANK}/${draft.questionId}/versions`)).json<BankQuestion[]>();
    expect(versions.map((version) => [version.version, version.status, version.editedByName])).toEqual([
      [3, 'published', '管理 花子'],
      [2, 'review', '管理 花子'],
      [1, 'draft', '管理 花子'],
    ]);
  });

  it('refuses the second of two admins editing the same version, and keeps the first one’s', async () => {
    const [question] = (await bank('?topic=creative')).questions;
    const first = await admin.xhr('PUT', `${BANK}/${question!.questionId}`, { expectedVersion: question!.version, question: aQuestion({ topic: 'creative', prompt: '一人目が直した問題文' }) });
    const second = await secondAdmin.xhr('PUT', `${BANK}/${question!.questionId}`, { expectedVersion: question!.version, question: aQuestion({ topic: 'creative', prompt: '二人目が直した問題文' }) });
    expect(first.json()).toMatchObject({ version: question!.version + 1, status: 'draft' });
    expect(second.json()).toEqual({ status: 409, code: 'CONCURRENCY_CONFLICT', message: '他の管理者が先に更新しました' });
    const [latest] = (await admin.xhr('GET', `${BANK}/${question!.questionId}/versions`)).json<BankQuestion[]>();
    expect(latest!.prompt).toBe('一人目が直した問題文');
    // The draft does not touch what exams draw: the published version stays until it is published.
    expect((await published(question!.questionId)).prompt).toBe(question!.prompt);
  });

  it('retires and re-publishes questions a running exam holds: the exam keeps what it drew, answers and grades as drawn', async () => {
    const started = (await learner.xhr('POST', `/api/v1/certification-courses/${SLUG}/exam/start/`)).json();
    const exam = (await learner.xhr('GET', `/api/v1/certification-courses/${SLUG}/exam`)).json();
    const [retiredId, editedId] = exam.questions.map((question: { questionId: string }) => question.questionId) as string[];
    const latest = async (id: string) => (await admin.xhr('GET', `${BANK}/${id}/versions`)).json<BankQuestion[]>()[0]!;

    expect((await status(retiredId!, (await latest(retiredId!)).version, 'retired')).json()).toMatchObject({ status: 'retired', publishedVersion: null });
    expect(await published(retiredId!)).toBeNull();
    const editing = await latest(editedId!);
    await admin.xhr('PUT', `${BANK}/${editedId}`, { expectedVersion: editing.version, question: aQuestion({ topic: editing.topic, prompt: '公開後に直した問題文' }) });
    await status(editedId!, editing.version + 1, 'published');
    expect((await published(editedId!)).prompt).toBe('公開後に直した問題文');

    // The running exam still shows both as drawn, and takes their answers.
    const again = (await learner.xhr('GET', `/api/v1/certification-courses/${SLUG}/exam`)).json();
    expect(again.questions.map((question: { questionId: string; prompt: string }) => [question.questionId, question.prompt])).toEqual(
      exam.questions.map((question: { questionId: string; prompt: string }) => [question.questionId, question.prompt]),
    );
    const right = await rightAnswersOf(database, started.examSessionId);
    for (const id of [retiredId!, editedId!]) {
      expect((await learner.xhr('PUT', `/api/v1/exam-sessions/${started.examSessionId}/answers/${id}`, { choiceIds: right[id] })).status).toBe(200);
    }
    // The retired question cannot be published again without a new version (an edit).
    expect((await status(retiredId!, (await latest(retiredId!)).version, 'published')).json()).toMatchObject({ status: 400, field: 'status' });
    await database.query(`update exam_sessions set status = 'expired', finished_at = now(), passed = false where id = $1`, [started.examSessionId]);
  });

  it('refuses a blueprint the published bank cannot fill, naming the short topic; takes one it can, with the course version checked', async () => {
    const { blueprint, courseVersion, publishedByTopic } = await bank();
    const address = `/api/v1/admin/studio/certification-courses/${SLUG}/blueprint`;
    const tooMany = publishedByTopic.bidding! + 1;
    const short = { ...blueprint, topics: { ...blueprint.topics, bidding: tooMany }, questionCount: blueprint.questionCount - blueprint.topics.bidding! + tooMany };
    const refused = (await admin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint: short })).json();
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'blueprint.topics.bidding' });
    expect(refused.message).toBe(`分野「${blueprint.topicNames.bidding}」の公開済みの問題が 1 問足りません（出題 ${tooMany} 問、公開済み ${tooMany - 1} 問）`);
    const unbalanced = (await admin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint: { ...blueprint, questionCount: blueprint.questionCount + 1 } })).json();
    expect(unbalanced).toMatchObject({ status: 400, field: 'blueprint.topics' });
    const changed = { ...blueprint, minutes: 35, passPercent: 75, retakeWaitHours: 12, badgeValidMonths: 24 };
    expect((await admin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint: changed })).json()).toEqual({ courseVersion: courseVersion + 1 });
    expect((await secondAdmin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint })).json()).toMatchObject({ status: 409, message: '他の管理者が先に更新しました' });
    const course = (await learner.xhr('GET', `/api/v1/certification-courses/${SLUG}`)).json();
    expect(JSON.stringify(course)).toContain('35');
    expect((await bank()).blueprint).toMatchObject({ minutes: 35, passPercent: 75, retakeWaitHours: 12, badgeValidMonths: 24 });
  });

  it('exports the published bank in the content pack’s questions.yaml format, which the pack’s own schema reads back', async () => {
    const reply = await admin.request(`${BANK}.yaml`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/yaml/);
    const items = parseYaml(reply.text) as unknown[];
    // What exams draw: every question with a published version, whatever its newer draft.
    const { questions } = await bank();
    expect(items).toHaveLength(questions.filter((question) => question.publishedVersion !== null).length);
    for (const item of items) expect(questionSchema.safeParse(item).success).toBe(true);
    expect(reply.text).toContain('公開後に直した問題文');
  });
});
