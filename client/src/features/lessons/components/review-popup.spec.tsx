import { act, fireEvent, render, screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { PopupHost } from '../../../components/ui/popup/popup-host';
import { closeAllPopups, popupActor, toastActor } from '../../../components/ui/popup/popups';
import { ApiError } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import type { FeedbackReceipt } from '../api/post-course-feedback';
import { reviewFormMachine, type SendFeedbackInput } from '../machines/review-form.machine';
import { openReviewPopup, type ReviewOutcome } from './review-popup';

function setUp() {
  const sends: { input: SendFeedbackInput; answer: ReturnType<typeof deferred<FeedbackReceipt>> }[] = [];
  const logic = reviewFormMachine.provide({
    actors: {
      sendFeedback: fromPromise<FeedbackReceipt, SendFeedbackInput>(({ input }) => {
        const answer = deferred<FeedbackReceipt>();
        sends.push({ input, answer });
        return answer.promise;
      }),
    },
  });
  render(<PopupHost />);
  let outcome!: Promise<ReviewOutcome>;
  act(() => {
    outcome = openReviewPopup({ courseKind: 'seminar', courseSlug: 'ads-kickoff', feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME' }, logic);
  });
  return { sends, outcome };
}

const submit = () => screen.getByRole('button', { name: '送信する' }) as HTMLButtonElement;
const star = (score: number) => screen.getByRole('radio', { name: `${score}つ星` });
const freetext = () => screen.getByRole('textbox', { name: 'ご意見・ご感想（任意）' });
const TOO_LONG = '1000文字以内で入力してください。';

/** The popup's 300 ms fade-out. */
const fade = () =>
  act(() => {
    jest.advanceTimersByTime(300);
  });

describe('the review popup', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      closeAllPopups();
      toastActor.send({ type: 'HIDE' });
    });
    fade();
    expect(popupActor.getSnapshot().value).toBe('closed');
    jest.useRealTimers();
  });

  it('asks for stars with submit disabled and no text box until a star is chosen', () => {
    setUp();
    const dialog = screen.getByRole('alertdialog', { name: 'コースの評価' });
    expect(dialog.textContent).toContain('はじめてのコース修了、おめでとうございます！');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(submit().disabled).toBe(true);
    expect(screen.queryByRole('textbox')).toBeNull();

    fireEvent.click(star(4));

    expect((star(4) as HTMLInputElement).checked).toBe(true);
    expect(submit().disabled).toBe(false);
    expect(freetext()).toBeInTheDocument();
  });

  it('shows the message and disables submit beyond 1000 characters, and allows exactly 1000', () => {
    setUp();
    fireEvent.click(star(3));

    fireEvent.change(freetext(), { target: { value: 'あ'.repeat(1001) } });
    expect(screen.getByRole('alert').textContent).toBe(TOO_LONG);
    expect(freetext().getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    expect(screen.getByText('1001 / 1000文字')).toBeInTheDocument();

    fireEvent.change(freetext(), { target: { value: 'あ'.repeat(1000) } });
    expect(screen.queryByText(TOO_LONG)).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('sends the review, closes and thanks with a toast', async () => {
    const { sends, outcome } = setUp();
    fireEvent.click(star(5));
    fireEvent.change(freetext(), { target: { value: '実例が多くて助かりました。' } });
    fireEvent.click(submit());

    expect(sends.map((send) => send.input)).toEqual([
      {
        courseKind: 'seminar',
        courseSlug: 'ads-kickoff',
        body: { feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 5, freetext: '実例が多くて助かりました。' },
      },
    ]);
    expect(submit().disabled).toBe(true);
    expect(screen.getByRole('alertdialog').getAttribute('aria-busy')).toBe('true');

    await act(async () => sends[0]!.answer.resolve({ receivedAt: '2026-11-22T01:00:00.000Z' }));
    fade();

    await expect(outcome).resolves.toBe('submitted');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('ご評価ありがとうございました。');
  });

  it('stays open with the values and the message when sending fails', async () => {
    const { sends } = setUp();
    fireEvent.click(star(2));
    fireEvent.change(freetext(), { target: { value: '少し難しかったです。' } });
    fireEvent.click(submit());

    await act(async () => sends[0]!.answer.reject(new ApiError({ message: '通信エラーです。', status: 0, code: 'NETWORK_ERROR' })));

    expect(screen.getByRole('alert').textContent).toBe('通信エラーです。');
    expect((star(2) as HTMLInputElement).checked).toBe(true);
    expect((freetext() as HTMLTextAreaElement).value).toBe('少し難しかったです。');
    expect(submit().disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes without sending with 閉じる', async () => {
    const { sends, outcome } = setUp();
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    fade();
    await expect(outcome).resolves.toBe('closed');
    expect(sends).toHaveLength(0);
  });
});
