// jsdom lacks TextEncoder/TextDecoder, which react-router needs.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });

// jsdom does not scroll; routes that scroll to the top would only log "Not implemented".
// Specs that check scrolling replace it with their own mock.
if (typeof window !== 'undefined') window.scrollTo = () => {};
