import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { PhraseText } from '../../../components/phrase-text';
import { routeKind } from '../../../lib/device';
import {
  installDismissedBefore,
  offlineReadyShownBefore,
  rememberInstallDismissed,
  rememberOfflineReadyShown,
  reloadPage,
  reportRegistrationFailure,
  watchConnection,
  watchInstallOffers,
  watchOverlays,
  watchServiceWorker,
} from '../browser-sources';
import {
  appUpdatesMachine,
  selectInstalling,
  selectInstallOffered,
  selectOffline,
  selectWorkerNotice,
  type AppUpdatesEvent,
  type ScreenArea,
} from '../machines/app-updates.machine';
import './app-updates.css';

/** The machine wired to the real browser; specs render `<AppUpdatesView>` with their own actor. */
export const browserAppUpdatesMachine = appUpdatesMachine.provide({
  actors: { serviceWorker: watchServiceWorker, installOffers: watchInstallOffers, connection: watchConnection, overlays: watchOverlays },
  actions: {
    reload: reloadPage,
    rememberInstallDismissed,
    rememberOfflineReadyShown,
    reportRegistrationFailure: (_, params) => reportRegistrationFailure(params.error),
  },
  guards: { installDismissedBefore, offlineReadyShownBefore },
});

/** The page as the notices see it: an exam's clock runs, the console's tables fill the page. */
export function screenAreaOf(pathname: string): ScreenArea {
  if (routeKind(pathname) === 'exam') return 'exam';
  if (/^\/admin(?:\/|$)/.test(pathname)) return 'admin';
  return 'other';
}

/**
 * The service worker's notices (offline-ready, a new version to update to), the install offer and
 * the offline notice, in one corner of every page. Mounted once, in the app shell.
 */
export function AppUpdates() {
  const actor = useActorRef(browserAppUpdatesMachine);
  const area = screenAreaOf(useLocation().pathname);
  // The machine decides what waits where; it only needs to know the page.
  useEffect(() => actor.send({ type: 'PAGE_CHANGED', area }), [actor, area]);
  return <AppUpdatesView actor={actor} />;
}

type AppUpdatesActor = ActorRefFrom<typeof appUpdatesMachine>;
/** What the learner's buttons say. */
type ChoiceEvent = Extract<AppUpdatesEvent, { type: 'UPDATE' | 'LATER' | 'CLOSE' | 'INSTALL' | 'CLOSE_INSTALL' }>;

/** Escape answers a notice the way its quiet button does (あとで / 閉じる). */
const onEscape = (send: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') {
    event.stopPropagation();
    send();
  }
};

export interface AppUpdatesViewProps {
  actor: AppUpdatesActor;
}

export function AppUpdatesView({ actor }: AppUpdatesViewProps) {
  const notice = useSelector(actor, selectWorkerNotice);
  const installOffered = useSelector(actor, selectInstallOffered);
  const installing = useSelector(actor, selectInstalling);
  const offline = useSelector(actor, selectOffline);
  const send = (type: ChoiceEvent['type']) => actor.send({ type });
  const updateTitle = useId();
  const updateText = useId();
  const installTitle = useId();
  const installText = useId();

  return (
    <div className="app-updates">
      {/* Polite announcements (role=status): nothing here takes the focus from a lesson or an exam answer. */}
      {offline ? (
        <p role="status" className="app-updates__notice app-updates__notice--offline">
          オフラインです。保存済みのページとレッスンを表示しています。
        </p>
      ) : null}
      {notice === 'offlineReady' ? (
        <div role="status" className="app-updates__notice">
          <p>オフラインでも使えるようになりました。最近開いたレッスンは通信がなくても読めます。</p>
          <button type="button" className="button button--quiet" onClick={() => send('CLOSE')}>
            閉じる
          </button>
        </div>
      ) : null}
      {notice === 'updating' ? (
        <p role="status" className="app-updates__notice">
          新しいバージョンに更新しています…
        </p>
      ) : null}

      {notice === 'needRefresh' ? (
        <section role="dialog" aria-modal="false" aria-labelledby={updateTitle} aria-describedby={updateText} className="app-updates__panel" onKeyDown={onEscape(() => send('LATER'))}>
          <h2 id={updateTitle} className="app-updates__title">
            <PhraseText text="新しいバージョンがあります" />
          </h2>
          <p id={updateText}>更新すると、ページを読み込み直して最新の内容を表示します。</p>
          <div className="app-updates__actions">
            <button type="button" className="button button--primary" onClick={() => send('UPDATE')}>
              更新する
            </button>
            <button type="button" className="button button--quiet" onClick={() => send('LATER')}>
              あとで
            </button>
          </div>
        </section>
      ) : null}

      {installOffered ? (
        <section role="dialog" aria-modal="false" aria-labelledby={installTitle} aria-describedby={installText} className="app-updates__panel" onKeyDown={onEscape(() => send('CLOSE_INSTALL'))}>
          <h2 id={installTitle} className="app-updates__title">
            <PhraseText text="アプリとして使えます" />
          </h2>
          <p id={installText}>インストールすると、ホーム画面やデスクトップからすぐに学習を始められます。</p>
          <div className="app-updates__actions">
            <button type="button" className="button button--primary" disabled={installing} onClick={() => send('INSTALL')}>
              インストール
            </button>
            <button type="button" className="button button--quiet" disabled={installing} onClick={() => send('CLOSE_INSTALL')}>
              閉じる
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
