import type { AdminAnnouncement } from '@campus/contracts/announcements';
import { createActor, fromPromise } from 'xstate';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/api-client';
import {
  announcementEditorMachine,
  outcomeOf,
  PUBLISH_AT_REQUIRED,
  saveInputOf,
  selectEditorPhase,
  type EditorOutcome,
  type SaveInput,
} from './announcement-editor.machine';

function anAnnouncement(overrides: Partial<AdminAnnouncement> = {}): AdminAnnouncement {
  return {
    announcementId: 'a-1',
    title: '春のキャンペーン',
    body: '本文です。',
    link: '/line-ads',
    publishAt: '2026-05-01T01:00:00.000Z',
    unpublishedAt: null,
    status: 'scheduled',
    createdAt: '2026-04-20T00:00:00.000Z',
    readCount: 0,
    ...overrides,
  };
}

interface Fakes {
  load?: () => Promise<AdminAnnouncement>;
  save?: (input: SaveInput) => Promise<unknown>;
  unpublish?: () => Promise<AdminAnnouncement>;
}

function start(announcementId: string | null, fakes: Fakes = {}) {
  const saved: SaveInput[] = [];
  const unpublished: string[] = [];
  const logic = announcementEditorMachine.provide({
    actors: {
      loadAnnouncement: fromPromise<AdminAnnouncement, { announcementId: string }>(() => fakes.load?.() ?? Promise.resolve(anAnnouncement())),
      saveAnnouncement: fromPromise<unknown, SaveInput>(({ input }) => {
        saved.push(input);
        return fakes.save?.(input) ?? Promise.resolve({});
      }),
      unpublishAnnouncement: fromPromise<AdminAnnouncement, { announcementId: string }>(({ input }) => {
        unpublished.push(input.announcementId);
        return fakes.unpublish?.() ?? Promise.resolve(anAnnouncement({ status: 'unpublished' }));
      }),
    },
  });
  const actor = createActor(logic, { input: { announcementId } });
  const outcomes: EditorOutcome[] = [];
  actor.on('saved', (event) => outcomes.push(event.outcome));
  actor.start();
  const phase = () => selectEditorPhase(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  const fill = (title: string, body: string, link = '') => {
    actor.send({ type: 'EDIT', field: 'title', value: title });
    actor.send({ type: 'EDIT', field: 'body', value: body });
    actor.send({ type: 'EDIT', field: 'link', value: link });
  };
  return { actor, saved, unpublished, outcomes, phase, context, fill };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('announcementEditorMachine: a new announcement', () => {
  it('publishes at once: no publishAt, a blank link is null, and tells the page', async () => {
    const { actor, saved, outcomes, phase, fill } = start(null);
    expect(phase()).toBe('editing');
    fill('お知らせ', '本文', '  ');
    actor.send({ type: 'SUBMIT' });
    expect(phase()).toBe('submitting');
    await settle();

    expect(saved).toEqual([{ kind: 'publish', request: { title: 'お知らせ', body: '本文', link: null } }]);
    expect(phase()).toBe('saved');
    expect(outcomes).toEqual(['published']);
  });

  it('schedules for a Japan-time date, and refuses to send without one', async () => {
    const { actor, saved, outcomes, phase, context, fill } = start(null);
    fill('予約', '本文', '/lineyahoo-marketing-skill-badge');
    actor.send({ type: 'SET_MODE', mode: 'scheduled' });
    actor.send({ type: 'SUBMIT' });
    expect(saved).toEqual([]);
    expect(phase()).toBe('editing');
    expect(actor.getSnapshot().matches({ form: 'failed' })).toBe(true);
    expect(context().fieldErrors).toEqual({ publishAt: PUBLISH_AT_REQUIRED });

    actor.send({ type: 'EDIT', field: 'publishAtLocal', value: '2030-05-01T10:00' });
    expect(context().fieldErrors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(saved).toEqual([
      {
        kind: 'publish',
        request: { title: '予約', body: '本文', link: '/lineyahoo-marketing-skill-badge', publishAt: '2030-05-01T10:00:00+09:00' },
      },
    ]);
    expect(outcomes).toEqual(['scheduled']);
  });

  it('shows the API 400 next to its field, keeps the draft, and clears the message once the field changes', async () => {
    let attempt = 0;
    const { actor, saved, outcomes, phase, context, fill } = start(null, {
      save: async () => {
        attempt += 1;
        if (attempt === 1) {
          throw new ApiError({ message: 'link: link は / で始まるこのサイト内のパスで指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'link' });
        }
        return { announcementId: 'new', publishAt: '2026-01-01T00:00:00Z', isPublished: true };
      },
    });
    fill('タイトル', '本文', 'https://example.com');
    actor.send({ type: 'SUBMIT' });
    await settle();

    expect(phase()).toBe('editing');
    expect(context().fieldErrors).toEqual({ link: 'link は / で始まるこのサイト内のパスで指定してください' });
    expect(context().draft).toMatchObject({ title: 'タイトル', body: '本文', link: 'https://example.com' });
    expect(outcomes).toEqual([]);

    actor.send({ type: 'EDIT', field: 'title', value: 'タイトル2' });
    expect(context().fieldErrors.link).toBe('link は / で始まるこのサイト内のパスで指定してください');
    actor.send({ type: 'EDIT', field: 'link', value: '/line-ads' });
    expect(context().fieldErrors).toEqual({});

    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(saved).toHaveLength(2);
    expect(outcomes).toEqual(['published']);
  });

  it('shows a failure without a field for the whole form', async () => {
    const { actor, context, fill } = start(null, {
      save: () => Promise.reject(new ApiError({ message: 'エラーが発生しました。', status: 500, code: 'INTERNAL_ERROR' })),
    });
    fill('a', 'b');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(context().formError).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(context().fieldErrors).toEqual({});
  });

  it('sends once while a submission is on its way, and cannot be withdrawn', () => {
    const { actor, saved, phase, fill } = start(null, { save: () => new Promise(() => {}) });
    fill('a', 'b');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'EDIT', field: 'title', value: 'changed' });
    expect(saved).toHaveLength(1);
    expect(actor.getSnapshot().context.draft.title).toBe('a');

    const fresh = start(null);
    fresh.actor.send({ type: 'UNPUBLISH' });
    expect(fresh.phase()).toBe('editing');
    expect(phase()).toBe('submitting');
  });
});

describe('announcementEditorMachine: an existing announcement', () => {
  it('loads it into the draft (the date in Japan time) and saves it with its date', async () => {
    const { actor, saved, outcomes, phase, context } = start('a-1');
    expect(phase()).toBe('loading');
    await settle();
    expect(phase()).toBe('editing');
    expect(context().draft).toEqual({
      title: '春のキャンペーン',
      body: '本文です。',
      link: '/line-ads',
      publishMode: 'scheduled',
      publishAtLocal: '2026-05-01T10:00',
      mail: false,
    });

    actor.send({ type: 'EDIT', field: 'publishAtLocal', value: '2030-06-01T09:30' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(saved).toEqual([
      {
        kind: 'update',
        announcementId: 'a-1',
        request: { title: '春のキャンペーン', body: '本文です。', link: '/line-ads', publishAt: '2030-06-01T09:30:00+09:00' },
      },
    ]);
    expect(outcomes).toEqual(['saved']);
  });

  it('keeps the date of a waiting one when only the text changed, even after switching the mode back and forth', async () => {
    const { actor, saved, context } = start('a-1', { load: async () => anAnnouncement({ publishAt: '2026-05-01T01:00:30.000Z' }) });
    await settle();
    actor.send({ type: 'EDIT', field: 'title', value: '春のキャンペーン（改）' });
    actor.send({ type: 'SET_MODE', mode: 'now' });
    actor.send({ type: 'SET_MODE', mode: 'scheduled' });
    expect(context().publishAtEdited).toBe(false);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(saved).toEqual([{ kind: 'update', announcementId: 'a-1', request: { title: '春のキャンペーン（改）', body: '本文です。', link: '/line-ads' } }]);
  });

  it('publishes a waiting one now by the server clock: 今すぐ sends publishAt null', async () => {
    const { actor, saved, outcomes } = start('a-1');
    await settle();
    actor.send({ type: 'SET_MODE', mode: 'now' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(saved).toEqual([{ kind: 'update', announcementId: 'a-1', request: { title: '春のキャンペーン', body: '本文です。', link: '/line-ads', publishAt: null } }]);
    expect(outcomes).toEqual(['published']);
  });

  it('keeps the date of a live one: no publishAt, and the mode cannot change', async () => {
    const { actor, saved, context } = start('a-1', { load: async () => anAnnouncement({ status: 'published', link: null }) });
    await settle();
    expect(context().draft.publishMode).toBe('now');
    actor.send({ type: 'SET_MODE', mode: 'scheduled' });
    expect(context().draft.publishMode).toBe('now');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(saved).toEqual([{ kind: 'update', announcementId: 'a-1', request: { title: '春のキャンペーン', body: '本文です。', link: null } }]);
  });

  it('withdraws after the confirmation only', async () => {
    const { actor, unpublished, outcomes, phase } = start('a-1', { load: async () => anAnnouncement({ status: 'published' }) });
    await settle();
    actor.send({ type: 'UNPUBLISH' });
    expect(phase()).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(phase()).toBe('editing');
    expect(unpublished).toEqual([]);

    actor.send({ type: 'UNPUBLISH' });
    actor.send({ type: 'CONFIRM' });
    expect(phase()).toBe('unpublishing');
    await settle();
    expect(unpublished).toEqual(['a-1']);
    expect(phase()).toBe('saved');
    expect(outcomes).toEqual(['unpublished']);
  });

  it('a failed withdrawal comes back to the form with its message', async () => {
    const { actor, outcomes, phase, context } = start('a-1', {
      unpublish: () => Promise.reject(new ApiError({ message: 'お知らせが見つかりません', status: 404, code: 'NOT_FOUND' })),
    });
    await settle();
    actor.send({ type: 'UNPUBLISH' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(phase()).toBe('editing');
    expect(context().formError).toBe('お知らせが見つかりません');
    expect(outcomes).toEqual([]);
  });

  it('a withdrawn one is read only', async () => {
    const { actor, saved, phase } = start('a-1', { load: async () => anAnnouncement({ status: 'unpublished' }) });
    await settle();
    expect(phase()).toBe('closed');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'UNPUBLISH' });
    expect(phase()).toBe('closed');
    expect(saved).toEqual([]);
  });

  it('says when it could not load and tries again on RETRY', async () => {
    let calls = 0;
    const { actor, phase, context } = start('a-1', {
      load: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ message: 'お知らせが見つかりません', status: 404, code: 'NOT_FOUND' });
        return anAnnouncement();
      },
    });
    await settle();
    expect(phase()).toBe('loadFailed');
    expect(context().loadError).toBe('お知らせが見つかりません');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(phase()).toBe('editing');
  });
});

describe('outcomeOf', () => {
  const draft = (publishMode: 'now' | 'scheduled') => ({ title: 't', body: 'b', link: '', publishMode, publishAtLocal: '2030-01-01T00:00', mail: false });
  it('publishes or schedules a new one, saves an existing one, and publishes a waiting one brought to now', () => {
    expect(outcomeOf({ original: null, draft: draft('now') })).toBe('published');
    expect(outcomeOf({ original: null, draft: draft('scheduled') })).toBe('scheduled');
    expect(outcomeOf({ original: anAnnouncement(), draft: draft('scheduled') })).toBe('saved');
    expect(outcomeOf({ original: anAnnouncement(), draft: draft('now') })).toBe('published');
    expect(outcomeOf({ original: anAnnouncement({ status: 'published' }), draft: draft('now') })).toBe('saved');
  });
});

describe('saveInputOf', () => {
  const waiting = anAnnouncement({ publishAt: '2026-05-01T01:00:30.000Z' });
  const draft = (publishMode: 'now' | 'scheduled', publishAtLocal = '2026-05-01T10:00', mail = false) => ({ title: 't', body: 'b', link: '', publishMode, publishAtLocal, mail });

  it('omits publishAt for a new one published 今すぐ (the server is the clock)', () => {
    expect(saveInputOf({ original: null, draft: draft('now'), publishAtEdited: true })).toEqual({
      kind: 'publish',
      request: { title: 't', body: 'b', link: null },
    });
  });

  it('asks for mail only on a new one the admin ticked メールでも送る; an edit never mails again', () => {
    expect(saveInputOf({ original: null, draft: draft('now', '', true), publishAtEdited: false })).toEqual({ kind: 'publish', request: { title: 't', body: 'b', link: null, mail: true } });
    expect(saveInputOf({ original: waiting, draft: draft('scheduled', '2026-05-01T10:00', true), publishAtEdited: false }).request).not.toHaveProperty('mail');
  });

  it('sends publishAt null when a scheduled one is brought to 今すぐ, never a browser time', () => {
    const input = saveInputOf({ original: waiting, draft: draft('now'), publishAtEdited: false });
    expect(input).toEqual({ kind: 'update', announcementId: 'a-1', request: { title: 't', body: 'b', link: null, publishAt: null } });
  });

  it('omits the date of a scheduled one the admin did not change (the minute-rounded input would move it)', () => {
    const input = saveInputOf({ original: waiting, draft: draft('scheduled'), publishAtEdited: false });
    expect(input).toEqual({ kind: 'update', announcementId: 'a-1', request: { title: 't', body: 'b', link: null } });
  });

  it('sends the date the admin changed, in Japan time', () => {
    const input = saveInputOf({ original: waiting, draft: draft('scheduled', '2030-06-01T09:30'), publishAtEdited: true });
    expect(input).toEqual({ kind: 'update', announcementId: 'a-1', request: { title: 't', body: 'b', link: null, publishAt: '2030-06-01T09:30:00+09:00' } });
  });
});
