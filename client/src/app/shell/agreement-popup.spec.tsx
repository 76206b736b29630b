import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PopupHost } from '../../components/ui/popup/popup-host';
import { closeAllPopups } from '../../components/ui/popup/popups';
import { SessionProvider, useAgreementState } from '../../lib/session/use-session';
import { setAnalyticsAdapter } from '../../lib/analytics';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { AgreementPopup } from './agreement-popup';

describe('AgreementPopup', () => {
  const reported: [string, Record<string, unknown>][] = [];
  let restoreAnalytics: () => void;

  beforeEach(() => {
    reported.length = 0;
    restoreAnalytics = setAnalyticsAdapter({ event: (name, params) => reported.push([name, params]), goal: () => {}, pageView: () => {} });
  });
  afterEach(async () => {
    act(() => closeAllPopups());
    // The popup host is shared: the next test opens its popup only once this one has faded out of the page.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    restoreAnalytics();
  });

  /** Shows what the popup decides on: rendered in the same commit as the popup's own decision. */
  function AgreementStateProbe() {
    return <output aria-label="同意の状態">{useAgreementState().required ? 'required' : 'not-required'}</output>;
  }

  const renderShell = (session: ReturnType<typeof fakeSession>, at = '/') =>
    render(
      <MemoryRouter initialEntries={[at]}>
        <SessionProvider logic={session}>
          <AgreementStateProbe />
          <AgreementPopup />
          <PopupHost />
        </SessionProvider>
      </MemoryRouter>,
    );

  it('in its migration variant carries the badges over, then accepts, then reports migration-agree', async () => {
    const calls: string[] = [];
    let done = false;
    renderShell(
      fakeSession({
        me: async () => aUser({ hasAcceptedAgreements: done, canMigrateFromCloudCampus: !done }),
        migrate: async () => {
          calls.push('migrate');
          return { migratedCourseSlugs: ['line-ads-basic'] };
        },
        accept: async () => {
          calls.push('accept');
          done = true;
          return {};
        },
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Cloud Campus で取得したスキルバッジのデータが引き継がれます。');

    fireEvent.click(screen.getByRole('button', { name: '同意する' }));
    await waitFor(() => expect(reported).toEqual([['migration-agree', { path: window.location.pathname }]]));
    expect(calls).toEqual(['migrate', 'accept']);
  });

  it('in its usual variant only accepts and reports user-policy-agree', async () => {
    const migrate = jest.fn(async () => ({ migratedCourseSlugs: [] }));
    let done = false;
    renderShell(
      fakeSession({
        me: async () => aUser({ hasAcceptedAgreements: done }),
        migrate,
        accept: async () => {
          done = true;
          return {};
        },
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('利用規約とプライバシーポリシーをお読みください');
    fireEvent.click(screen.getByRole('button', { name: '同意する' }));
    await waitFor(() => expect(reported).toEqual([['user-policy-agree', { path: window.location.pathname }]]));
    expect(migrate).not.toHaveBeenCalled();
  });

  it.each([
    ['usual', false],
    ['migration', true],
  ])('in its %s variant links to both texts, each opening in a new tab so the popup stays', async (_, migrating) => {
    renderShell(fakeSession({ me: async () => aUser({ hasAcceptedAgreements: false, canMigrateFromCloudCampus: migrating }) }));
    await screen.findByRole('alertdialog');
    const terms = screen.getByRole('link', { name: /^利用規約\s*（新しいタブで開きます）$/ });
    const privacy = screen.getByRole('link', { name: /^プライバシーポリシー\s*（新しいタブで開きます）$/ });
    for (const [link, href] of [
      [terms, '/terms'],
      [privacy, '/privacy'],
    ] as const) {
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
    }
  });

  it.each(['/terms', '/privacy/'])('stays away from %s, where the learner reads what they are asked to accept', async (at) => {
    const me = jest.fn(async () => aUser({ hasAcceptedAgreements: false }));
    renderShell(fakeSession({ me }), at);
    await waitFor(() => expect(me).toHaveBeenCalled());
    // The session has settled on "agreement required": on any other page the popup opens in this very commit.
    await waitFor(() => expect(screen.getByRole('status', { name: '同意の状態' })).toHaveTextContent(/^required$/));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
