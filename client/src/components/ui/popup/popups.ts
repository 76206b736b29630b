import { createActor } from 'xstate';
import { popupCatalogue } from './popup-catalogue';
import { popupMachine } from './popup.machine';
import type { PopupButton, PopupContent, PopupKind, PopupLink } from './popup-types';
import { toastMachine } from './toast.machine';

/**
 * The popups' public API, free of React: app code and the API client call these, the
 * `<PopupHost />` near the app root shows what the two actors hold.
 */

export type { PopupButton, PopupContent, PopupContentControls, PopupKind, PopupLink } from './popup-types';
export { DISMISSED, POPUP_FADE_MS, TOAST_MS } from './popup-types';

export interface PopupOptions {
  title?: string;
  body?: string;
  links?: readonly PopupLink[];
  buttons?: PopupButton[];
  dismissable?: boolean;
  /**
   * Runs when a button with `runsAction` is chosen; the popup shows loading meanwhile. Resolving
   * closes the popup, rejecting keeps it open with the error's message and the buttons usable.
   */
  action?: (value: string) => Promise<void>;
  /** Custom content, e.g. the review form; it renders its own buttons (see `PopupContent`). */
  content?: PopupContent;
}

/** The one popup actor of the page. */
export const popupActor = createActor(popupMachine).start();
/** The one toast actor of the page. */
export const toastActor = createActor(toastMachine).start();

let lastId = 0;

/**
 * Shows a popup of spec §2 (or queues it behind the one on screen). Resolves, once the popup has
 * faded out, with the chosen button's `value`, or 'dismissed' (Escape, mask click, closeAllPopups).
 */
export function openPopup(kind: PopupKind, options: PopupOptions = {}): Promise<string> {
  const shell = popupCatalogue[kind];
  return new Promise<string>((resolve) => {
    lastId += 1;
    popupActor.send({
      type: 'OPEN',
      request: {
        id: lastId,
        kind,
        title: options.title ?? shell.title,
        body: options.body ?? shell.body,
        ...((options.links ?? shell.links) ? { links: options.links ?? shell.links } : {}),
        buttons: options.buttons ?? shell.buttons,
        dismissable: options.dismissable ?? shell.dismissable,
        ...(options.action ? { action: options.action } : {}),
        ...(options.content ? { content: options.content } : {}),
        resolve,
      },
    });
  });
}

/** Shows a short message for 3 s (spec §9); a newer toast replaces the one on screen. */
export function showToast(message: string): void {
  toastActor.send({ type: 'SHOW', message });
}

/**
 * Closes the popup on screen (with its fade) and drops the waiting ones. They resolve 'dismissed';
 * a popup already fading out after a choice keeps that choice.
 */
export function closeAllPopups(): void {
  popupActor.send({ type: 'CLOSE_ALL' });
}
