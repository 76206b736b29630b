import { act, fireEvent, render, screen } from '@testing-library/react';
import { PopupHost, usePopupOpen } from './popup-host';
import { closeAllPopups, openPopup, showToast, toastActor, type PopupKind, type PopupOptions } from './popups';
import { deferred } from '../../../test/deferred';


/** The page: a button that opens a popup, and the host. */
function renderPage(kind: PopupKind = 'loginRequired', options?: PopupOptions) {
  const results: Promise<string>[] = [];
  render(
    <>
      <button type="button" onClick={() => results.push(openPopup(kind, options))}>
        ポップアップを開く
      </button>
      <PopupHost />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'ポップアップを開く' });
  const open = () => {
    opener.focus();
    act(() => {
      fireEvent.click(opener);
    });
    return results[results.length - 1] as Promise<string>;
  };
  return { opener, open };
}

const fade = () =>
  act(() => {
    jest.advanceTimersByTime(300);
  });

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('PopupHost', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      closeAllPopups();
      toastActor.send({ type: 'HIDE' });
      jest.advanceTimersByTime(300);
    });
    jest.useRealTimers();
  });

  it('shows nothing until a popup is opened', () => {
    renderPage();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('popup-mask')).toBeNull();
  });

  it('renders the login popup as a labelled, described modal alertdialog with its buttons', () => {
    const { open } = renderPage('loginRequired');
    open();

    const dialog = screen.getByRole('alertdialog', { name: 'ログインしてください' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('このページをご覧いただくには、ログインが必要です。');
    expect(dialog.getAttribute('aria-busy')).toBeNull();
    const names = screen.getAllByRole('button', { hidden: false }).map((element) => element.textContent);
    expect(names).toEqual(['ポップアップを開く', 'ログイン', 'トップページへ']);
    expect(button('ログイン').className).toContain('popup__button--primary');
  });

  it('resolves with the chosen button once the 300 ms fade is over', async () => {
    const { open } = renderPage('loginRequired');
    const result = open();

    fireEvent.click(button('ログイン'));
    expect(screen.getByRole('alertdialog').className).toContain('popup-layer--closing');

    fade();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(result).resolves.toBe('login');
  });

  it('closes a dismissable popup with Escape', async () => {
    const { open } = renderPage('loginRequired');
    const result = open();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fade();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(result).resolves.toBe('dismissed');
  });

  it('closes a dismissable popup with a click on the mask', async () => {
    const { open } = renderPage('lessonLogin');
    const result = open();
    fireEvent.click(screen.getByTestId('popup-mask'));
    fade();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(result).resolves.toBe('dismissed');
  });

  it('keeps the agreement popup open on Escape and on a mask click', () => {
    const { open } = renderPage('userPolicyAgreement', { action: async () => undefined });
    open();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('popup-mask'));
    fade();
    const dialog = screen.getByRole('alertdialog', { name: '利用規約とプライバシーポリシーへの同意' });
    expect(dialog.className).not.toContain('popup-layer--closing');
  });

  it('shows the popup modal (the browser keeps Tab inside), moves focus to the first button, and gives it back to the opener', () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { open, opener } = renderPage('loginRequired');
    open();
    const dialog = screen.getByRole('alertdialog') as HTMLDialogElement;
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect(dialog.open).toBe(true);
    const top = button('トップページへ');
    expect(document.activeElement).toBe(button('ログイン'));

    fireEvent.click(top);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument(); // still fading out
    fade();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('disables the buttons while the action runs, then closes when it succeeds', async () => {
    const call = deferred();
    const action = jest.fn(() => call.promise);
    const { open } = renderPage('userPolicyAgreement', { action });
    const result = open();

    fireEvent.click(button('同意する'));
    expect(action).toHaveBeenCalledWith('accept');
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(button('同意する').disabled).toBe(true);
    expect(document.activeElement).toBe(dialog);

    await act(async () => {
      call.resolve();
    });
    await settle();
    fade();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(result).resolves.toBe('accept');
  });

  it('shows the error in an alert and enables the buttons again when the action fails', async () => {
    const call = deferred();
    const { open } = renderPage('migration', { action: () => call.promise });
    open();
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Cloud Campus で取得したスキルバッジのデータが引き継がれます。',
    );

    fireEvent.click(button('同意する'));
    expect(button('同意する').disabled).toBe(true);
    await act(async () => {
      call.reject(new Error('同意を登録できませんでした。'));
    });
    await settle();

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('同意を登録できませんでした。');
    expect(screen.getByRole('alertdialog').contains(alert)).toBe(true);
    expect(screen.getByRole('alertdialog').getAttribute('aria-busy')).toBeNull();
    expect(button('同意する').disabled).toBe(false);
    expect(document.activeElement).toBe(button('同意する'));
  });

  it('renders custom content with its own controls instead of the buttons, and runs the action it chooses', async () => {
    const call = deferred();
    const action = jest.fn(() => call.promise);
    const { open } = renderPage('review', {
      action,
      content: ({ choose, busy }) => (
        <div>
          <label>
            感想
            <input disabled={busy} />
          </label>
          <button type="button" disabled={busy} onClick={() => choose('submit')}>
            評価を送る
          </button>
        </div>
      ),
    });
    const result = open();

    const dialog = screen.getByRole('alertdialog', { name: 'コースの評価' });
    // The content's controls, not the catalogue's buttons; focus goes to the first of them.
    expect(screen.queryByRole('button', { name: '送信する' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '感想' }));

    fireEvent.click(button('評価を送る'));
    expect(action).toHaveBeenCalledWith('submit');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(button('評価を送る').disabled).toBe(true);

    await act(async () => {
      call.resolve();
    });
    await settle();
    fade();
    await expect(result).resolves.toBe('submit');
  });

  it('keeps the other popups as they were: no content, the catalogue buttons', () => {
    const { open } = renderPage('wishlistLogin');
    open();
    expect(screen.getByRole('alertdialog').querySelector('.popup__content')).toBeNull();
    expect(button('ログイン')).toBeInTheDocument();
    expect(button('キャンセル')).toBeInTheDocument();
  });

  it('shows a queued popup after the current one, and restores focus only after the last', async () => {
    const { open, opener } = renderPage('loginRequired');
    const first = open();
    let second!: Promise<string>;
    act(() => {
      second = openPopup('communicationError');
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);

    fireEvent.click(button('トップページへ'));
    fade();
    await expect(first).resolves.toBe('top');
    const next = screen.getByRole('alertdialog', { name: '通信エラー' });
    expect(next.textContent).toContain('エラーが発生しました。通信環境をご確認のうえ、再度実行してください。');
    expect(document.activeElement).toBe(button('OK'));

    fireEvent.click(button('OK'));
    fade();
    await expect(second).resolves.toBe('ok');
    expect(document.activeElement).toBe(opener);
  });

  it('tells a layout when a popup is on screen, so it can make the page inert', () => {
    function Page() {
      const open = usePopupOpen();
      return <div data-testid="page" inert={open} />;
    }
    render(<Page />);
    render(<PopupHost />);
    const page = screen.getByTestId('page');
    expect(page.hasAttribute('inert')).toBe(false);
    act(() => {
      void openPopup('communicationError');
    });
    expect(page.hasAttribute('inert')).toBe(true);
    fireEvent.click(button('OK'));
    fade();
    expect(page.hasAttribute('inert')).toBe(false);
  });

  it('closes every popup on closeAllPopups', async () => {
    const { open } = renderPage('timeUp');
    const result = open();
    act(() => {
      closeAllPopups();
    });
    fade();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(result).resolves.toBe('dismissed');
  });

  it('announces a toast politely and hides it after 3000 ms', () => {
    render(<PopupHost />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => {
      showToast('リンクをコピーしました。');
    });
    const toast = screen.getByRole('status');
    expect(toast.getAttribute('aria-live')).toBe('polite');
    expect(toast.textContent).toBe('リンクをコピーしました。');

    act(() => {
      jest.advanceTimersByTime(2000);
      showToast('保存しました。');
    });
    expect(screen.getByRole('status').textContent).toBe('保存しました。');
    act(() => {
      jest.advanceTimersByTime(2999);
    });
    expect(screen.getByRole('status').textContent).toBe('保存しました。');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
