// jsdom lacks TextEncoder/TextDecoder, which react-router needs.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });
