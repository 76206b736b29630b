import type { CourseDraft, CourseDraftDocument, StudioUpload, StudioUploadKind } from '@campus/contracts/studio-courses';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { CONFLICT_MESSAGE, courseEditorMachine, moved, newLesson } from './course-editor.machine';

const documentOf = (overrides: Partial<CourseDraftDocument['course']> = {}): CourseDraftDocument => ({
  course: {
    kind: 'learning',
    program: 'OA',
    slug: 'studio-course',
    title: 'スタジオのコース',
    summary: '概要',
    level: 'BEGINNER',
    categories: ['getting-started'],
    estimatedMinutes: 10,
    loginRequired: false,
    position: 3,
    thumbnailPath: null,
    featuredHeadline: null,
    ...overrides,
  },
  lessons: [],
});

const draftOf = (version: number, document = documentOf()): CourseDraft => ({
  courseId: 'c-1',
  version,
  document,
  live: null,
  updatedAt: '2026-11-28T00:00:00.000Z',
  updatedByName: '管理 花子',
  mediaBaseUrl: 'http://localhost/media/',
  publishBlockers: [],
});

interface Fakes {
  drafts?: CourseDraft[];
  save?: (input: { version: number; document: CourseDraftDocument }) => Promise<{ version: number }>;
  publish?: (input: { version: number }) => Promise<{ version: number }>;
  upload?: () => Promise<StudioUpload>;
}

function start(fakes: Fakes = {}) {
  const drafts = [...(fakes.drafts ?? [draftOf(1)])];
  const saved: { version: number; document: CourseDraftDocument }[] = [];
  const published: number[] = [];
  const logic = courseEditorMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve({ draft: drafts.length > 1 ? drafts.shift()! : drafts[0]!, categories: [{ slug: 'getting-started', name: 'はじめる' }] })),
      save: fromPromise<{ version: number }, { courseId: string; version: number; document: CourseDraftDocument }>(({ input }) => {
        saved.push({ version: input.version, document: input.document });
        return fakes.save?.(input) ?? Promise.resolve({ version: input.version + 1 });
      }),
      publish: fromPromise<{ version: number }, { courseId: string; version: number }>(({ input }) => {
        published.push(input.version);
        return fakes.publish?.(input) ?? Promise.resolve({ version: 1 });
      }),
      upload: fromPromise<StudioUpload, { kind: StudioUploadKind; file: File }>(() =>
        fakes.upload?.() ?? Promise.resolve({ path: 'studio/pdf/a.pdf', url: '/x', bytes: 10, pageCount: null, cueCount: null }),
      ),
    },
  });
  const actor = createActor(logic, { input: { courseId: 'c-1' } }).start();
  return { actor, saved, published };
}

describe('the studio course editor', () => {
  it('keeps the edits, saves them with the version it read, and reloads', async () => {
    const { actor, saved } = start({ drafts: [draftOf(1), draftOf(2, documentOf({ title: '新しい題' }))] });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'EDIT_COURSE', field: 'title', value: '新しい題' });
    actor.send({ type: 'ADD_LESSON', kind: 'video', lessonId: 'l-1' });
    expect(actor.getSnapshot().context).toMatchObject({ dirty: true, selected: 0 });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && !snapshot.context.dirty);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.version).toBe(1);
    expect(saved[0]!.document.course.title).toBe('新しい題');
    expect(saved[0]!.document.lessons[0]).toMatchObject({ lessonId: 'l-1', kind: 'video', transcript: '' });
    expect(actor.getSnapshot().context).toMatchObject({ version: 2, notice: '下書きを保存しました。' });
  });

  it('shows the conflict and the newer version when another admin saved first, and keeps the admin’s own edits until they reload', async () => {
    const newer = draftOf(3, documentOf({ title: '他の管理者の題' }));
    const { actor } = start({
      drafts: [draftOf(2), newer],
      save: () => Promise.reject(new ApiError({ message: CONFLICT_MESSAGE, status: 409, code: 'CONCURRENCY_CONFLICT' })),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'EDIT_COURSE', field: 'title', value: '自分の題' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('conflict') && snapshot.context.newer !== null);
    const { context } = actor.getSnapshot();
    expect(context.formError).toBe('他の管理者が先に更新しました');
    expect(context.newer?.document.course.title).toBe('他の管理者の題');
    expect(context.document?.course.title).toBe('自分の題');
    actor.send({ type: 'RELOAD' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.document?.course.title).toBe('他の管理者の題');
  });

  it('saves before publishing when there are edits, and shows a refusal at the field it names', async () => {
    const { actor, saved, published } = start({
      publish: () => Promise.reject(new ApiError({ message: 'レッスン 1「動画」の字幕ファイル（WebVTT）をアップロードしてください', status: 400, code: 'VALIDATION_FAILED', field: 'lessons.0.captionsPath' })),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'ADD_LESSON', kind: 'video', lessonId: 'l-1' });
    actor.send({ type: 'PUBLISH' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.formError !== null);
    expect(saved).toHaveLength(1);
    expect(published).toEqual([2]);
    expect(actor.getSnapshot().context.errors['lessons.0.captionsPath']).toContain('字幕ファイル');
    expect(actor.getSnapshot().context.document?.lessons).toHaveLength(1);
  });

  it('puts an upload’s stored path on its lesson, and a refused upload’s message on that field only', async () => {
    let refuse = false;
    const { actor } = start({
      upload: () =>
        refuse ? Promise.reject(new ApiError({ message: 'スライドの PDFではありません', status: 400, code: 'VALIDATION_FAILED', field: 'file' })) : Promise.resolve({ path: 'studio/pdf/deck.pdf', url: '/x', bytes: 9, pageCount: null, cueCount: null }),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'ADD_LESSON', kind: 'slides', lessonId: 'l-1' });
    const file = new File(['%PDF-'], 'deck.pdf', { type: 'application/pdf' });
    actor.send({ type: 'UPLOAD', target: { index: 0, field: 'pdfPath' }, kind: 'pdf', file });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.uploading === null);
    expect(actor.getSnapshot().context.document?.lessons[0]?.pdfPath).toBe('studio/pdf/deck.pdf');
    refuse = true;
    actor.send({ type: 'UPLOAD', target: { index: 0, field: 'pdfPath' }, kind: 'pdf', file });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.uploading === null);
    expect(actor.getSnapshot().context.errors['lessons.0.pdfPath']).toBe('スライドの PDFではありません');
    expect(actor.getSnapshot().context.document?.lessons[0]?.pdfPath).toBe('studio/pdf/deck.pdf');
  });

  it('moves a lesson and keeps the selection on it', async () => {
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    for (const id of ['a', 'b', 'c']) actor.send({ type: 'ADD_LESSON', kind: 'text', lessonId: id });
    actor.send({ type: 'SELECT_LESSON', index: 2 });
    actor.send({ type: 'MOVE_LESSON', from: 2, to: 0 });
    const { context } = actor.getSnapshot();
    expect(context.document?.lessons.map((lesson) => lesson.lessonId)).toEqual(['c', 'a', 'b']);
    expect(context.selected).toBe(0);
  });
});

describe('lesson helpers', () => {
  it('moves within bounds only', () => {
    expect(moved([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moved([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
  });

  it('gives a new lesson a slug no other lesson has', () => {
    const document = { ...documentOf(), lessons: [newLesson(documentOf(), 'text', 'x')] };
    document.lessons[0]!.slug = 'lesson-2';
    expect(newLesson(document, 'slides', 'y').slug).toBe('lesson-3');
  });
});
