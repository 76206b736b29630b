import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useCurrentUser, useSessionStatus } from '../../lib/session/use-session';
import { useFavoriteSettledListener } from './favorite-settled-context';
import { favoriteToggleMachine, selectIsFavorite, selectIsSaving } from './favorite-toggle.machine';
import './favorite-toggle.css';

// In components/, not a feature: every course card and detail shows it (catalogue and mypage alike), so threading a slot through each grid would say less.

export const ADD_TO_WISHLIST_LABEL = '受講したいリストに追加';
export const REMOVE_FROM_WISHLIST_LABEL = '受講したいリストから外す';

export interface FavoriteToggleProps {
  kind: ActivityCourseKind;
  slug: string;
  /** The course title: for analytics (the button's name is the action, the card names the course). */
  title: string;
  /** Whether the course is on the wish list when the page got it (false for visitors). */
  initial: boolean;
  /** Called with the server's value whenever a save ends (a FavoriteSettledContext above hears it too). */
  onSettled?: (isFavorite: boolean) => void;
  /** Tests pass `favoriteToggleMachine.provide({...})`. */
  logic?: typeof favoriteToggleMachine;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="favorite-toggle__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6h2c.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart button that adds a course to, or removes it from, the learner's wish list. Visitors get
 * the wish-list login popup. Behaviour (optimistic flip, saving, rollback) is `favoriteToggleMachine`'s.
 */
export function FavoriteToggle({ kind, slug, title, initial, onSettled, logic = favoriteToggleMachine }: FavoriteToggleProps) {
  const user = useCurrentUser();
  const sessionStatus = useSessionStatus();
  const actor = useActorRef(logic, { input: { kind, slug, title, isFavorite: initial } });
  const isFavorite = useSelector(actor, selectIsFavorite);
  const saving = useSelector(actor, selectIsSaving);

  // A re-read of the page (e.g. after a loader revalidation) may bring a newer value.
  useEffect(() => {
    actor.send({ type: 'SYNC', isFavorite: initial });
  }, [actor, initial]);

  // The latest callbacks, without resubscribing on every render.
  const listener = useFavoriteSettledListener();
  const listeners = useRef({ onSettled, listener });
  listeners.current = { onSettled, listener };
  useEffect(() => {
    const subscription = actor.on('settled', ({ isFavorite }) => {
      listeners.current.onSettled?.(isFavorite);
      listeners.current.listener?.({ kind, slug }, isFavorite);
    });
    return () => subscription.unsubscribe();
  }, [actor, kind, slug]);

  return (
    <button
      type="button"
      className={`favorite-toggle${isFavorite ? ' favorite-toggle--on' : ''}`}
      aria-pressed={isFavorite}
      aria-busy={saving || undefined}
      onClick={() => {
        // Until the session is known, a logged-in learner would be taken for a visitor and asked to log in.
        if (sessionStatus === 'checking') return;
        actor.send({ type: 'TOGGLE', loggedIn: user !== null });
      }}
    >
      <HeartIcon filled={isFavorite} />
      {/* The visible text is the whole accessible name (WCAG 2.5.3: the label a speech user reads is the name). */}
      <span className="favorite-toggle__text">{isFavorite ? REMOVE_FROM_WISHLIST_LABEL : ADD_TO_WISHLIST_LABEL}</span>
    </button>
  );
}
