import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExamSession } from '@campus/contracts/exams';
import { apiErrorResponse, fakeCatalogueApi, type FakeRoute } from '../../test/fake-catalogue-api';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

/** Where the keyboard focus goes on the exam page: each question, the submit confirmation and back. */

const EXAM_PAGE = '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam';
const none: FakeRoute = () => apiErrorResponse(404, 'NOT_FOUND', '見つかりません');

const aSession = (): ExamSession => ({
  examSessionId: '0196a3c4-0000-7000-8000-000000000001',
  courseSlug: 'line-ads-basic',
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  deadline: new Date(Date.now() + 29 * 60_000).toISOString(),
  questions: [
    { questionId: 'q1', type: 'single', prompt: '友だち追加の経路として正しいものはどれですか。', choices: [{ choiceId: 'a', text: 'QRコード' }, { choiceId: 'b', text: '電話番号のみ' }] },
    { questionId: 'q2', type: 'multiple', prompt: '配信の効果を測る指標をすべて選んでください。', choices: [{ choiceId: 'c', text: '開封率' }, { choiceId: 'd', text: 'クリック率' }] },
    { questionId: 'q3', type: 'single', prompt: 'あいさつメッセージが届くのはいつですか。', choices: [{ choiceId: 'e', text: '友だち追加のとき' }, { choiceId: 'f', text: '毎朝' }] },
  ],
  answers: {},
});

async function openExam() {
  fakeCatalogueApi({
    'GET /api/v1/certification-courses/*/current-exam-session': () => null,
    'GET /api/v1/certification-courses/*/last-result': none,
    'GET /api/v1/certification-courses/*/exam': () => aSession(),
    'GET /api/v1/now': () => ({ value: Date.now() }),
  });
  renderWithRouter(routes, { at: EXAM_PAGE, session: fakeSession({ me: aUser() }) });
  await screen.findByRole('heading', { level: 2, name: /^問1/ });
}

/** The question the focus is in (its heading's text), read from the focused element's section. */
const focusedHeading = () => document.activeElement?.closest('section.exam-question')?.querySelector('h2')?.textContent ?? `not in a question: ${document.activeElement?.tagName}`;

describe('the exam page by keyboard', () => {
  it('puts the focus on the question’s first choice when the exam opens and after 次の問題, 前の問題 and the question list', async () => {
    await openExam();
    await waitFor(() => expect(focusedHeading()).toBe('問1（全3問）'));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'QRコード' }));
    // Entering the group, a screen reader hears the prompt (legend), the number and the hint.
    expect(screen.getByRole('group', { name: /./ })).toHaveAccessibleDescription(/^問1 ?（全3問） 1つ選んでください。$/);

    fireEvent.click(screen.getByRole('button', { name: '次の問題' }));
    await waitFor(() => expect(focusedHeading()).toBe('問2（全3問）'));
    fireEvent.click(screen.getByRole('button', { name: '次の問題' }));
    await waitFor(() => expect(focusedHeading()).toBe('問3（全3問）'));
    fireEvent.click(screen.getByRole('button', { name: '前の問題' }));
    await waitFor(() => expect(focusedHeading()).toBe('問2（全3問）'));
    fireEvent.click(screen.getByRole('button', { name: '問1（未回答）' }));
    await waitFor(() => expect(focusedHeading()).toBe('問1（全3問）'));
  });

  it('moves on with Enter on a choice: the choices and 次の問題 (its submit button) are one form', async () => {
    await openExam();
    const next = screen.getByRole('button', { name: '次の問題' }) as HTMLButtonElement;
    const choice = screen.getByRole('radio', { name: 'QRコード' }) as HTMLInputElement;
    expect(next.type).toBe('submit');
    expect(choice.form).toBe(next.form);
    expect((screen.getByRole('button', { name: '前の問題' }) as HTMLButtonElement).type).toBe('button');
    fireEvent.submit(choice.form!);
    await waitFor(() => expect(focusedHeading()).toBe('問2（全3問）'));
  });

  it('says once that Enter on a choice moves on: a line on the page, and the first question’s choices’ description', async () => {
    await openExam();
    const hint = 'キーボードでは、選択肢で Enter キーを押すと次の問題に進みます。';
    expect(screen.getAllByText(hint)).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'QRコード' })).toHaveAccessibleDescription(hint);
    fireEvent.click(screen.getByRole('button', { name: '次の問題' }));
    await waitFor(() => expect(focusedHeading()).toBe('問2（全3問）'));
    expect(screen.getAllByText(hint)).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: '開封率' })).not.toHaveAccessibleDescription(hint);
  });

  it('puts 前の問題 before the question and 次の問題 after its choices, so Tab from a choice reaches 次の問題 first', async () => {
    await openExam();
    fireEvent.click(screen.getByRole('button', { name: '次の問題' }));
    await waitFor(() => expect(focusedHeading()).toBe('問2（全3問）'));
    const order = (a: Element, b: Element) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    const heading = screen.getByRole('heading', { level: 2, name: /^問2/ });
    const lastChoice = screen.getByRole('checkbox', { name: 'クリック率' });
    expect(order(screen.getByRole('button', { name: '前の問題' }), heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(order(lastChoice, screen.getByRole('button', { name: '次の問題' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // Nothing focusable between the last choice and 次の問題.
    const focusable = [...document.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), a[href]')];
    expect(focusable[focusable.indexOf(lastChoice) + 1]).toBe(screen.getByRole('button', { name: '次の問題' }));
  });

  it('gives the focus to the submit confirmation, and back to 解答を送信する when the learner returns (button or Escape)', async () => {
    await openExam();
    const submit = screen.getByRole('button', { name: '解答を送信する' });
    submit.focus();
    fireEvent.click(submit);
    const confirm = screen.getByRole('region', { name: '解答を送信しますか？' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    // A screen reader hears what sending means and how many questions are still open.
    const described = confirm.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual(['送信すると試験は終了し、解答は変更できなくなります。', '未回答の問題が3問あります。']);

    fireEvent.click(within(confirm).getByRole('button', { name: '解答に戻る' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '解答を送信する' })));

    fireEvent.click(screen.getByRole('button', { name: '解答を送信する' }));
    fireEvent.keyDown(await screen.findByRole('region', { name: '解答を送信しますか？' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: '解答を送信しますか？' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '解答を送信する' })));
  });
});
