import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { BankQuestion, QuestionBank, QuestionFields } from '../src/contracts/studio-questions';
import { questionSchema } from '../src/modules/catalogue/content/content-schema';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';

const SLUG = 'line-ads-basic';
const BANK = `/api/v1/admin/studio/questions/${SLUG}`;
const BLUEPRINT = `/api/v1/admin/studio/blueprints/${SLUG}`;
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
      ['PUT', BLUEPRINT, { expectedVersion: 1, blueprint: {} }],
      ['GET', '/api/v1/admin/studio/questions'],
      ['GET', `${BANK}/preview`],
      ['POST', `${BANK}/import`, { yaml: '- id: a' }],
    ] as const) {
      expect((await learner.xhr(method, address, body)).status).toBe(403);
      expect((await visitor.xhr(method, address, body)).status).toBe(401);
    }
    expect((await admin.xhr('GET', '/api/v1/admin/studio/questions/no-such-course')).status).toBe(404);
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
    // The refusal carries the newer version, so the second admin's editor can show what the first one wrote.
    expect(second.json()).toMatchObject({
      status: 409,
      code: 'STALE_VERSION',
      message: '他の管理者が先に更新しました',
      current: { questionId: question!.questionId, version: question!.version + 1, status: 'draft', prompt: '一人目が直した問題文', editedByName: '管理 花子' },
    });
    // A status move from the old version is refused alike.
    expect((await status(question!.questionId, question!.version, 'published', secondAdmin)).json()).toMatchObject({ status: 409, code: 'STALE_VERSION', current: { version: question!.version + 1 } });
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
    const address = BLUEPRINT;
    const tooMany = publishedByTopic.bidding! + 1;
    const short = { ...blueprint, topics: { ...blueprint.topics, bidding: tooMany }, questionCount: blueprint.questionCount - blueprint.topics.bidding! + tooMany };
    const refused = (await admin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint: short })).json();
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'blueprint.topics.bidding' });
    expect(refused.message).toBe(`分野「${blueprint.topicNames.bidding}」の公開済みの問題が 1 問足りません（出題 ${tooMany} 問、公開済み ${tooMany - 1} 問）`);
    const unbalanced = (await admin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint: { ...blueprint, questionCount: blueprint.questionCount + 1 } })).json();
    expect(unbalanced).toMatchObject({ status: 400, field: 'blueprint.topics' });
    const changed = { ...blueprint, minutes: 35, passPercent: 75, retakeWaitHours: 12, badgeValidMonths: 24 };
    expect((await admin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint: changed })).json()).toEqual({ courseVersion: courseVersion + 1 });
    expect((await secondAdmin.xhr('PUT', address, { expectedVersion: courseVersion, blueprint })).json()).toMatchObject({
      status: 409,
      code: 'STALE_VERSION',
      message: '他の管理者が先に更新しました',
      current: { courseVersion: courseVersion + 1, blueprint: { minutes: 35 } },
    });
    const course = (await learner.xhr('GET', `/api/v1/certification-courses/${SLUG}`)).json();
    expect(JSON.stringify(course)).toContain('35');
    expect((await bank()).blueprint).toMatchObject({ minutes: 35, passPercent: 75, retakeWaitHours: 12, badgeValidMonths: 24 });
  });

  it('exports the published bank in the content pack’s questions.yaml format, which the pack’s own schema reads back', async () => {
    const reply = await admin.request(`${BANK}/questions.yaml`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/yaml/);
    const items = parseYaml(reply.text) as unknown[];
    // What exams draw: every question with a published version, whatever its newer draft.
    const { questions } = await bank();
    expect(items).toHaveLength(questions.filter((question) => question.publishedVersion !== null).length);
    for (const item of items) expect(questionSchema.safeParse(item).success).toBe(true);
    expect(reply.text).toContain('公開後に直した問題文');
  });

  it('publishes in one transaction: when the event cannot be written, neither the bank row nor the version changes', async () => {
    const draft = (await admin.xhr('POST', BANK, { expectedVersion: 0, question: aQuestion({ prompt: '公開に失敗する問題' }) })).json<BankQuestion>();
    const before = await database.query(`select count(*)::int as n from question_versions where question_id = $1`, [draft.questionId]);
    // A trigger refuses this question's QuestionPublished event: the failure comes after the bank row was written.
    await database.query(`create function refuse_this_publish() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$`);
    await database.query(
      `create trigger refuse_this_publish before insert on events for each row when (new.type = 'QuestionPublished' and new.stream_id like '%:${draft.questionId}') execute function refuse_this_publish()`,
    );
    try {
      const failed = await status(draft.questionId, 1, 'published');
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    } finally {
      await database.query(`drop trigger refuse_this_publish on events`);
      await database.query(`drop function refuse_this_publish()`);
    }
    expect(await published(draft.questionId)).toBeNull();
    expect((await database.query(`select count(*)::int as n from question_versions where question_id = $1`, [draft.questionId])).rows[0].n).toBe(before.rows[0].n);
    expect((await admin.xhr('GET', `${BANK}/${draft.questionId}/versions`)).json<BankQuestion[]>()[0]).toMatchObject({ version: 1, status: 'draft' });
    // Nothing was left locked or half-written: the same publish goes through now.
    expect((await status(draft.questionId, 1, 'published')).json()).toMatchObject({ version: 2, status: 'published', publishedVersion: 2 });
    expect(await published(draft.questionId)).toMatchObject({ version: 2, prompt: '公開に失敗する問題' });
  });

  it('lists the eight certification banks with their size per state', async () => {
    const banks = (await admin.xhr('GET', '/api/v1/admin/studio/questions')).json<{ courseSlug: string; questionCount: number; byStatus: Record<string, number> }[]>();
    expect(banks).toHaveLength(8);
    const { questions } = await bank();
    const ours = banks.find((entry) => entry.courseSlug === SLUG)!;
    for (const state of ['draft', 'review', 'published', 'retired']) {
      expect(ours.byStatus[state]).toBe(questions.filter((question) => question.status === state).length);
    }
    expect(ours.questionCount).toBe((await bank()).blueprint.questionCount);
  });

  it('previews a sample exam from the working bank, drafts included, as the blueprint asks, and saves nothing', async () => {
    const { blueprint, questions } = await bank();
    const sessions = (await database.query(`select count(*)::int as n from exam_sessions`)).rows[0].n;
    const preview = (await admin.xhr('GET', `${BANK}/preview`)).json<{ questions: { questionId: string; topic: string; status: string; choices: { choiceId: string; correct: boolean }[] }[]; shortTopics: unknown[] }>();
    expect(preview.shortTopics).toEqual([]);
    expect(preview.questions).toHaveLength(blueprint.questionCount);
    for (const [topic, count] of Object.entries(blueprint.topics)) expect(preview.questions.filter((question) => question.topic === topic)).toHaveLength(count);
    const working = new Map(questions.filter((question) => question.status !== 'retired').map((question) => [question.questionId, question.status]));
    expect(preview.questions.every((question) => working.get(question.questionId) === question.status)).toBe(true);
    expect((await database.query(`select count(*)::int as n from exam_sessions`)).rows[0].n).toBe(sessions);
  });

  describe('questions.yaml import', () => {
    const OTHER = '/api/v1/admin/studio/questions/line-official-account-basic';
    const counts = async () => (await database.query(`select count(*)::int as n from question_versions`)).rows[0].n as number;

    it('takes an export back unchanged: nothing is written', async () => {
      const exported = (await admin.request(`${OTHER}/questions.yaml`)).text;
      const before = await counts();
      const result = (await admin.xhr('POST', `${OTHER}/import`, { yaml: exported })).json();
      expect(result).toEqual({ created: [], changed: [], unchanged: (parseYaml(exported) as unknown[]).length });
      expect(await counts()).toBe(before);
      // And the bank's export is still the same text.
      expect((await admin.request(`${OTHER}/questions.yaml`)).text).toBe(exported);
    });

    it('makes new and changed questions drafts, and leaves the published bank alone', async () => {
      const items = parseYaml((await admin.request(`${OTHER}/questions.yaml`)).text) as { id: string; topic: string; prompt: string }[];
      const changedId = items[0]!.id;
      items[0]!.prompt = 'YAML で直した問題文';
      const { difficulty: _difficulty, ...fresh } = aQuestion({ topic: items[0]!.topic, prompt: 'YAML で足した問題' });
      const yaml = stringifyYaml([...items, { id: 'oa-basic-yaml-new', ...fresh }]);
      const result = (await admin.xhr('POST', `${OTHER}/import`, { yaml })).json();
      expect(result).toEqual({ created: ['oa-basic-yaml-new'], changed: [changedId], unchanged: items.length - 1 });
      const versions = (await admin.xhr('GET', `${OTHER}/${changedId}/versions`)).json<BankQuestion[]>();
      expect(versions[0]).toMatchObject({ status: 'draft', prompt: 'YAML で直した問題文', publishedVersion: versions[1]!.version });
      expect((await published(changedId)).prompt).not.toBe('YAML で直した問題文');
      expect(await published('oa-basic-yaml-new')).toBeNull();
    });

    it.each([
      ['not YAML', '- id: [unclosed', 'yaml', 'YAML として読めません'],
      ['not a list', 'id: a', 'yaml', '問題のリスト'],
      ['no correct choice', 'SECOND_NO_CORRECT', 'items.1.choices', '2 問目（oa-yaml-bad）の選択肢: 正解の選択肢を 1 つ選んでください'],
      ['a topic the blueprint lacks', 'SECOND_BAD_TOPIC', 'items.1.topic', '2 問目（oa-yaml-bad）の分野「nowhere」は出題設計にありません'],
      ['a key the format lacks', 'SECOND_EXTRA_KEY', 'items.1.answer', '2 問目の「answer」は questions.yaml の項目ではありません'],
    ])('refuses %s, naming the item and field, and takes nothing', async (_name, kind, field, message) => {
      const good = { id: 'oa-yaml-good', topic: 'messaging', type: 'single', prompt: '取り込まれてはいけない問題', choices: [{ text: 'A', correct: true }, { text: 'B' }], explanation: '説明' };
      const bad: Record<string, unknown> = { ...good, id: 'oa-yaml-bad' };
      if (kind === 'SECOND_NO_CORRECT') bad.choices = [{ text: 'A' }, { text: 'B' }];
      if (kind === 'SECOND_BAD_TOPIC') bad.topic = 'nowhere';
      if (kind === 'SECOND_EXTRA_KEY') bad.answer = 'A';
      const yaml = kind.startsWith('SECOND') ? stringifyYaml([good, bad]) : kind;
      const before = await counts();
      const reply = (await admin.xhr('POST', `${OTHER}/import`, { yaml })).json();
      expect(reply).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
      expect(reply.message).toContain(message);
      expect(await counts()).toBe(before);
    });

    it('refuses a file over 1 MB with a 4xx envelope', async () => {
      const reply = await admin.xhr('POST', `${OTHER}/import`, { yaml: `# ${'x'.repeat(1_100_000)}` });
      expect([400, 413]).toContain(reply.status);
      expect(reply.json()).toMatchObject({ status: reply.status, code: expect.stringMatching(/VALIDATION_FAILED|PAYLOAD_TOO_LARGE/) });
    });
  });
});
