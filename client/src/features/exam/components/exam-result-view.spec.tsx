import { act, render, screen } from '@testing-library/react';
import type { ExamResult } from '@campus/contracts/exams';
import { MemoryRouter } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import { RESULT_PENDING } from '../api/get-last-result';
import { examResultMachine, type ExamResultEvent } from '../machines/exam-result.machine';
import { ExamResultView } from './exam-result-view';

const SESSION = 's-1';
const aResult = (): ExamResult => ({
  examSessionId: SESSION,
  courseSlug: 'line-ads-basic',
  finishedAt: '2026-11-22T01:20:00.000Z',
  passed: true,
  percent: 85,
  correct: 17,
  total: 20,
  topics: [],
  nextAttemptAt: null,
});

describe('ExamResultView with the socket up', () => {
  it('shows the pushed result without asking again, then the certificate when certificate.issued arrives', async () => {
    let push: (event: ExamResultEvent) => void = () => {};
    const fetchResult = jest.fn(async (): Promise<ExamResult | null | typeof RESULT_PENDING> => RESULT_PENDING);
    const logic = examResultMachine.provide({
      actors: {
        fetchResult: fromPromise<ExamResult | null | typeof RESULT_PENDING, { courseSlug: string }>(fetchResult),
        examPushes: fromCallback<ExamResultEvent>(({ sendBack }) => {
          push = sendBack;
          sendBack({ type: 'SOCKET_CONNECTED' });
        }),
      },
      actions: { track: () => {} },
    });
    render(
      <MemoryRouter>
        <ExamResultView courseLabel="LINE広告 Basic" courseSlug="line-ads-basic" examSessionId={SESSION} logic={logic} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('採点中です…')).toBeInTheDocument();

    act(() => push({ type: 'GRADED', examSessionId: SESSION, result: aResult() }));
    expect(screen.getByRole('heading', { name: '合格' })).toBeInTheDocument();
    expect(screen.getByText('85%')).toBeInTheDocument();
    // The badge just earned, in full colour.
    expect(screen.getByRole('img', { name: 'LINE広告 Basic スキルバッジ' })).toHaveAttribute('src', '/badges/line-ads-basic.svg');
    expect(fetchResult).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: '認定証を見る' }).getAttribute('href')).toBe('/mypage/certificates');
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => push({ type: 'CERTIFICATE_ISSUED', certificate: { certificateId: 'c-1', slug: 'AbCd1234', courseSlug: 'line-ads-basic' } }));
    expect(screen.getByRole('status').textContent).toBe('認定証が発行されました。');
    expect(screen.getByRole('link', { name: '認定証を見る' }).getAttribute('href')).toBe('/mypage/certificates/AbCd1234');
  });
});

describe('ExamResultView after a fail', () => {
  it('shows no badge', async () => {
    const logic = examResultMachine.provide({
      actors: {
        fetchResult: fromPromise<ExamResult | null | typeof RESULT_PENDING, { courseSlug: string }>(async () => ({
          ...aResult(),
          passed: false,
          percent: 40,
          correct: 8,
        })),
        examPushes: fromCallback<ExamResultEvent>(() => {}),
      },
      actions: { track: () => {} },
    });
    render(
      <MemoryRouter>
        <ExamResultView courseLabel="LINE広告 Basic" courseSlug="line-ads-basic" examSessionId={null} logic={logic} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: '不合格' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
