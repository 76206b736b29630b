// jsdom lacks TextEncoder/TextDecoder, which react-router needs.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });

// jsdom does not scroll; routes that scroll to the top would only log "Not implemented".
// Specs that check scrolling replace it with their own mock.
if (typeof window !== 'undefined') window.scrollTo = () => {};

// On a loaded machine (CI runs next to other jobs) a page can take more than the library's default
// second to appear; the specs wait for states, so a longer wait costs nothing when all is well.
require('@testing-library/dom').configure({ asyncUtilTimeout: 4000 });

// jsdom's computed style leaves <wbr> without `display: inline` (browsers give it that), so the
// accessible-name computation would put a space at every line-break opportunity of a heading
// (components/phrase-text.tsx): names are read as a browser reads them.
if (typeof document !== 'undefined') {
  const style = document.createElement('style');
  style.textContent = 'wbr { display: inline; }';
  document.head.append(style);
}

// jsdom has <dialog> but not its methods. Opening and closing are given as a browser does them (the
// `open` attribute, the close event); the focus trap, inertness and the top layer are the browser's
// own and are checked end to end (e2e).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close() {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// The page of a learner as far as the session check goes: the server's readable hint that a session
// may be there (lib/session/signed-in-hint.ts), so GET /me is asked and the specs' fakes answer it.
// Specs of a visitor without one clear it.
if (typeof document !== 'undefined') document.cookie = 'campus_signed_in=1; path=/';
