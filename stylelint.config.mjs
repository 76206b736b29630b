/**
 * One visual system: colours are decided in client/src/design-tokens.css and nowhere else. Every
 * other stylesheet names a token (var(--color-…)), so a new shade is added once, with its contrast.
 */
const USE_A_TOKEN = 'use a colour token from client/src/design-tokens.css (var(--color-…))';

export default {
  ignoreFiles: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'test-results/**', 'playwright-report/**'],
  rules: {
    'color-no-hex': [true, { message: `Hard-coded hex colour: ${USE_A_TOKEN}` }],
    'color-named': ['never', { message: `Named colour: ${USE_A_TOKEN}` }],
    'function-disallowed-list': [
      ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'],
      { message: `Hard-coded colour function: ${USE_A_TOKEN}` },
    ],
  },
  overrides: [
    {
      files: ['client/src/design-tokens.css'],
      rules: { 'color-no-hex': null, 'color-named': null, 'function-disallowed-list': null },
    },
  ],
};
