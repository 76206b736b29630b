import type { ReactNode } from 'react';

/**
 * Shapes shared by the popup machine, the catalogue and the public API. Free of runtime
 * dependencies (React is only a type here), so the API client can import the popup API without
 * pulling in the UI.
 */

/** The popups of spec §2 (the toast is separate: see `showToast`). */
export type PopupKind =
  | 'userPolicyAgreement'
  | 'migration'
  | 'specialLogin'
  | 'loginRequired'
  | 'badgeLogin'
  | 'badgeProfile'
  | 'wishlistLogin'
  | 'lessonLogin'
  | 'advancedRequiresBasic'
  | 'timeUp'
  | 'submitFailure'
  | 'cannotTake'
  | 'review'
  | 'communicationError';

export interface PopupButton {
  /** The visible text, which is also the button's accessible name. */
  label: string;
  /** What the caller's promise resolves with when this button is chosen. */
  value: string;
  /** Primary buttons are the filled, emphasised action; default secondary. */
  variant?: 'primary' | 'secondary';
  /** Choosing this button runs the popup's `action` (the popup shows loading until it settles). */
  runsAction?: boolean;
}

/** A page the popup's text points to; it opens in a new tab, so the popup stays where it is. */
export interface PopupLink {
  label: string;
  href: string;
}

/** What a popup shows and how it may be closed. */
export interface PopupShell {
  title: string;
  /** Plain text; each line becomes a paragraph. */
  body: string;
  /** Pages to read before choosing (e.g. the texts an agreement is about), listed under the text. */
  links?: readonly PopupLink[];
  buttons: PopupButton[];
  /** Escape and a click on the mask close it (resolving 'dismissed'). */
  dismissable: boolean;
}

/** What a popup's custom content may do (see `PopupContent`). */
export interface PopupContentControls {
  /** Chooses one of the popup's buttons by value, as pressing it would (a `runsAction` one runs the action). */
  choose(value: string): void;
  /** True while the popup's action runs: the content should disable its controls. */
  busy: boolean;
}

/**
 * Custom content under the popup's text, e.g. a form. It renders its own controls, so the host
 * then shows no buttons of its own; the popup's `buttons` still name the choices it may make.
 */
export type PopupContent = (controls: PopupContentControls) => ReactNode;

/** One popup asked for, as the machine keeps it. */
export interface PopupRequest extends PopupShell {
  /** Unique per request (keys the dialog, lets the host notice a new popup). */
  id: number;
  kind: PopupKind;
  /** Runs while the popup is loading, for buttons whose `runsAction` is set. */
  action?: (value: string) => Promise<void>;
  /** Custom content with its own controls (see `PopupContent`). */
  content?: PopupContent;
  /** Called once, when the popup has faded out, with the chosen value or 'dismissed'. */
  resolve?: (value: string) => void;
}

/** What a popup resolves with when it was closed without choosing a button. */
export const DISMISSED = 'dismissed';

/** Spec §9: the popup close animation. */
export const POPUP_FADE_MS = 300;
/** Spec §9: how long a toast stays. */
export const TOAST_MS = 3000;
