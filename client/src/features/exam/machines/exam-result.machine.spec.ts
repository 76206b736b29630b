import type { ExamResult } from '@campus/contracts/exams';
import type { CertificateIssuedPush } from '@campus/contracts/realtime';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { deferred } from '../../../test/deferred';
import { RESULT_PENDING } from '../api/get-last-result';
import { CERTIFICATE_CHECK_MS, examResultMachine, MAX_POLLS, QUICK_POLL_MS, SLOW_POLL_MS, selectCertificate, selectResult, selectResultPhase, type ExamResultEvent } from './exam-result.machine';

const aResult = (examSessionId: string): ExamResult => ({
  examSessionId,
  courseSlug: 'line-ads-basic',
  finishedAt: '2026-11-22T01:20:00.000Z',
  passed: true,
  percent: 80,
  correct: 16,
  total: 20,
  topics: [],
  nextAttemptAt: null,
});

function setUp(examSessionId: string | null, options: { connected?: boolean } = {}) {
  const clock = new SimulatedClock();
  const fetches: ReturnType<typeof deferred<ExamResult | null | typeof RESULT_PENDING>>[] = [];
  const certificateChecks: { input: { courseSlug: string; finishedAt: string }; answer: ReturnType<typeof deferred<CertificateIssuedPush | null>> }[] = [];
  let push: ((event: ExamResultEvent) => void) | null = null;
  const logic = examResultMachine.provide({
    actors: {
      fetchCertificate: fromPromise<CertificateIssuedPush | null, { courseSlug: string; finishedAt: string }>(({ input }) => {
        const answer = deferred<CertificateIssuedPush | null>();
        certificateChecks.push({ input, answer });
        return answer.promise;
      }),
      fetchResult: fromPromise<ExamResult | null | typeof RESULT_PENDING, { courseSlug: string }>(() => {
        const answer = deferred<ExamResult | null | typeof RESULT_PENDING>();
        fetches.push(answer);
        return answer.promise;
      }),
      examPushes: fromCallback<ExamResultEvent>(({ sendBack }) => {
        push = sendBack;
        return () => {
          push = null;
        };
      }),
    },
    actions: { track: () => {} },
  });
  const actor = createActor(logic, { input: { courseSlug: 'line-ads-basic', examSessionId }, clock }).start();
  const send = (event: ExamResultEvent) => push?.(event);
  if (options.connected) send({ type: 'SOCKET_CONNECTED' });
  return {
    actor,
    clock,
    fetches,
    certificateChecks,
    /** `exam.graded` as the server pushes it: with the result (or null, for an event recorded before results were carried). */
    graded: (id: string, result: ExamResult | null = aResult(id)) => send({ type: 'GRADED', examSessionId: id, result }),
    send,
  };
}

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('examResultMachine', () => {
  it('shows the result exam.graded carries without asking, and does not poll while the socket is up', async () => {
    const { actor, clock, fetches, graded } = setUp('s2', { connected: true });
    fetches[0]!.resolve(aResult('s1'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('grading');

    clock.increment(QUICK_POLL_MS * 4);
    expect(fetches).toHaveLength(1);
    graded('another');
    expect(selectResultPhase(actor.getSnapshot())).toBe('grading');
    graded('s2', { ...aResult('s2'), percent: 95 });
    expect(fetches).toHaveLength(1);
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
    expect(selectResult(actor.getSnapshot())).toMatchObject({ examSessionId: 's2', percent: 95 });
  });

  it('asks once when the push does not carry the result', async () => {
    const { actor, fetches, graded } = setUp('s2', { connected: true });
    fetches[0]!.resolve(null);
    await settle();
    graded('s2', null);
    expect(fetches).toHaveLength(2);
    fetches[1]!.resolve(aResult('s2'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
  });

  it('takes the pushed result when it overtakes the first request', async () => {
    const { actor, fetches, graded } = setUp('s2', { connected: true });
    graded('s2');
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
    fetches[0]!.resolve(null);
    await settle();
    expect(selectResult(actor.getSnapshot())?.examSessionId).toBe('s2');
  });

  it('repairs a lost push with a slow check while the socket is up', async () => {
    const { actor, clock, fetches } = setUp('s2', { connected: true });
    fetches[0]!.resolve(null);
    await settle();
    clock.increment(SLOW_POLL_MS - 1);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    expect(fetches).toHaveLength(2);
    fetches[1]!.resolve(aResult('s2'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
  });

  it('polls every 2 s while the socket is down, and asks at once when it comes back (pushes were missed)', async () => {
    const { actor, clock, fetches, send } = setUp('s2');
    fetches[0]!.resolve(null);
    await settle();
    clock.increment(QUICK_POLL_MS);
    expect(fetches).toHaveLength(2);
    fetches[1]!.resolve(null);
    await settle();

    send({ type: 'SOCKET_CONNECTED' });
    expect(fetches).toHaveLength(3);
    fetches[2]!.resolve(null);
    await settle();
    clock.increment(QUICK_POLL_MS * 4);
    expect(fetches).toHaveLength(3);

    send({ type: 'SOCKET_DISCONNECTED' });
    clock.increment(QUICK_POLL_MS);
    expect(fetches).toHaveLength(4);
    fetches[3]!.resolve(aResult('s2'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
  });

  it('waits, with nothing awaited, while the server reports the latest attempt pending (a learner back after the deadline)', async () => {
    const { actor, clock, fetches, graded } = setUp(null);
    fetches[0]!.resolve(RESULT_PENDING);
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('grading');

    clock.increment(QUICK_POLL_MS);
    fetches[1]!.resolve(RESULT_PENDING);
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('grading');
    graded('s9');
    expect(fetches).toHaveLength(2);
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
    expect(selectResult(actor.getSnapshot())?.examSessionId).toBe('s9');
  });

  it('puts the certificate on the page when certificate.issued for the course arrives', async () => {
    const { actor, fetches, graded, send } = setUp('s2', { connected: true });
    fetches[0]!.resolve(null);
    await settle();
    graded('s2');
    expect(selectCertificate(actor.getSnapshot())).toBeNull();
    send({ type: 'CERTIFICATE_ISSUED', certificate: { certificateId: 'c0', slug: 'other', courseSlug: 'yahoo-ads-searchads-basic' } });
    expect(selectCertificate(actor.getSnapshot())).toBeNull();
    send({ type: 'CERTIFICATE_ISSUED', certificate: { certificateId: 'c1', slug: 'AbCd', courseSlug: 'line-ads-basic' } });
    expect(selectCertificate(actor.getSnapshot())).toEqual({ certificateId: 'c1', slug: 'AbCd', courseSlug: 'line-ads-basic' });
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
  });

  it('shows the latest result when none is awaited, and the empty state on 404', async () => {
    const latest = setUp(null);
    latest.fetches[0]!.resolve(aResult('s1'));
    await settle();
    expect(selectResultPhase(latest.actor.getSnapshot())).toBe('shown');

    const empty = setUp(null);
    empty.fetches[0]!.resolve(null);
    await settle();
    expect(selectResultPhase(empty.actor.getSnapshot())).toBe('none');
  });

  it('stops waiting for a session that is never graded (or unknown) and offers to look again', async () => {
    const { actor, clock, fetches } = setUp('never');
    fetches[0]!.resolve(aResult('older'));
    await settle();
    for (let poll = 1; poll <= MAX_POLLS; poll += 1) {
      clock.increment(SLOW_POLL_MS);
      fetches[poll]!.resolve(aResult('older'));
      await settle();
    }
    expect(fetches).toHaveLength(MAX_POLLS + 1);
    expect(selectResultPhase(actor.getSnapshot())).toBe('delayed');
    clock.increment(SLOW_POLL_MS * 10);
    expect(fetches).toHaveLength(MAX_POLLS + 1);

    actor.send({ type: 'RETRY' });
    fetches[MAX_POLLS + 1]!.resolve(aResult('never'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
  });

  it('offers a retry after a failure', async () => {
    const { actor, fetches } = setUp(null);
    fetches[0]!.reject(new Error('network'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'RETRY' });
    fetches[1]!.resolve(aResult('s1'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
  });

  it('asks for the certificate of a shown pass until it is issued, and at once when the socket comes back', async () => {
    const { actor, clock, fetches, certificateChecks, send } = setUp(null, { connected: true });
    fetches[0]!.resolve(aResult('s1'));
    await settle();
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
    expect(certificateChecks).toHaveLength(0);

    clock.increment(CERTIFICATE_CHECK_MS);
    expect(certificateChecks.map((check) => check.input)).toEqual([{ courseSlug: 'line-ads-basic', finishedAt: '2026-11-22T01:20:00.000Z' }]);
    certificateChecks[0]!.answer.resolve(null);
    await settle();
    expect(selectCertificate(actor.getSnapshot())).toBeNull();

    // The push was missed while the socket was away: its return asks without waiting.
    send({ type: 'SOCKET_DISCONNECTED' });
    send({ type: 'SOCKET_CONNECTED' });
    expect(certificateChecks).toHaveLength(2);
    certificateChecks[1]!.answer.resolve({ certificateId: 'c1', slug: 'AbCd', courseSlug: 'line-ads-basic' });
    await settle();
    expect(selectCertificate(actor.getSnapshot())).toEqual({ certificateId: 'c1', slug: 'AbCd', courseSlug: 'line-ads-basic' });

    clock.increment(CERTIFICATE_CHECK_MS * 10);
    expect(certificateChecks).toHaveLength(2);
    expect(selectResultPhase(actor.getSnapshot())).toBe('shown');
  });

  it('stops asking once the push brought the certificate, and never asks for a failed attempt', async () => {
    const pass = setUp(null, { connected: true });
    pass.fetches[0]!.resolve(aResult('s1'));
    await settle();
    pass.send({ type: 'CERTIFICATE_ISSUED', certificate: { certificateId: 'c1', slug: 'AbCd', courseSlug: 'line-ads-basic' } });
    pass.clock.increment(CERTIFICATE_CHECK_MS * 5);
    expect(pass.certificateChecks).toHaveLength(0);

    const fail = setUp(null, { connected: true });
    fail.fetches[0]!.resolve({ ...aResult('s2'), passed: false });
    await settle();
    fail.clock.increment(CERTIFICATE_CHECK_MS * 5);
    expect(fail.certificateChecks).toHaveLength(0);
  });
});
