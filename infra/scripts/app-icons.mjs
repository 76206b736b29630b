// `node infra/scripts/app-icons.mjs`: draw the installed app's icons (web app manifest and apple-touch-icon)
// into client/public/icons/ from the favicon's mark (client/public/favicon.svg: a white "M" on campus green).
// The PNGs are committed, so builds need no resvg; rerun this when the mark or the green changes.
import { Resvg } from '@resvg/resvg-js';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const GREEN = '#06803d';
/** The favicon's mark in its 32-unit box: spans x 9..23, y 10.5..21.5 (centre 16, 16). */
const MARK = '<path d="M9 21.5V10.5l7 4.2 7-4.2v11" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>';

/**
 * @param {number} size pixels
 * @param {{ fullBleed: boolean, markScale: number }} shape fullBleed: a square the platform masks itself
 *   (maskable, apple-touch); otherwise the favicon's rounded square. markScale: the mark's size against the favicon's.
 */
function icon(size, { fullBleed, markScale }) {
  const background = fullBleed ? `<rect width="32" height="32" fill="${GREEN}"/>` : `<rect width="32" height="32" rx="7" fill="${GREEN}"/>`;
  // Scaled about the centre, so the mark stays in a mask's safe zone (the middle 80% circle for maskable icons).
  const mark = `<g transform="translate(16 16) scale(${markScale}) translate(-16 -16)">${MARK}</g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${background}${mark}</svg>`;
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

const ICONS = {
  'icon-192.png': icon(192, { fullBleed: false, markScale: 1 }),
  'icon-512.png': icon(512, { fullBleed: false, markScale: 1 }),
  // The mark spans 14 of 32 units; at 0.8 it stays well inside the maskable safe circle (radius 12.8).
  'icon-maskable-512.png': icon(512, { fullBleed: true, markScale: 0.8 }),
  'apple-touch-icon.png': icon(180, { fullBleed: true, markScale: 0.9 }),
};

const outDir = path.join(ROOT, 'client/public/icons');
mkdirSync(outDir, { recursive: true });
for (const [name, png] of Object.entries(ICONS)) {
  const file = path.join(outDir, name);
  writeFileSync(file, png);
  console.log(`${path.relative(ROOT, file)}  ${Math.round(statSync(file).size / 1024)} KB`);
}
