// What the badge and course-image templates share: the programme palette, the bundled Japanese font and
// text helpers measured by resvg itself (so layouts never guess glyph widths).
import { Resvg } from '@resvg/resvg-js';
import path from 'node:path';
import { ROOT } from '../lib.mjs';

/**
 * One colour family per programme of the content pack (original colours, no service's brand mark):
 * LINE-family greens, Yahoo!-family reds. `deep` is the Advanced colour, `shade` the folds of its ribbon. Every colour carries white
 * text at ≥ 4.5:1 (checked in infra/tests/art.test.mjs).
 */
export const PROGRAM_COLOURS = {
  OA: { base: '#06803d', deep: '#04592b', shade: '#023d1d', tint: '#e6f3eb' },
  AD: { base: '#00756a', deep: '#004f47', shade: '#00332e', tint: '#e3f2f0' },
  Y_ADS: { base: '#c4162a', deep: '#8c0f1e', shade: '#5c0914', tint: '#fbe9eb' },
  // Yahoo! display ads: a raspberry red, so the two Yahoo!広告 badge families stay apart.
  Y_ADS_DISPLAY: { base: '#a8124e', deep: '#730c35', shade: '#4a0722', tint: '#f8e7ee' },
  // Courses an admin adds in the studio share one badge in the campus's own indigo.
  CAMPUS: { base: '#3a4a8c', deep: '#283466', shade: '#1a2244', tint: '#eaedf7' },
};

const FONT_DIR = path.join(ROOT, 'node_modules/@expo-google-fonts/noto-sans-jp');
export const FONT = {
  fontFiles: ['400Regular/NotoSansJP_400Regular.ttf', '700Bold/NotoSansJP_700Bold.ttf'].map((f) => path.join(FONT_DIR, f)),
  loadSystemFonts: false,
  defaultFontFamily: 'Noto Sans JP',
};

/** Escapes text for an SVG text node or attribute value. */
export const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * @param {string} s
 * @param {{ x: number, y: number, size: number, weight: number, fill: string, anchor?: string }} options
 */
export const text = (s, { x, y, size, weight, fill, anchor = 'start' }) =>
  `<text x="${x}" y="${y}" font-family="Noto Sans JP" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${esc(s)}</text>`;

const measured = new Map();
/** Rendered width of `s` at 100px. */
export function measure(s, weight) {
  const key = `${weight}:${s}`;
  if (!measured.has(key)) {
    const probe = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="300">${text(s, { x: 0, y: 200, size: 100, weight, fill: '#000' })}</svg>`;
    measured.set(key, new Resvg(probe, { font: FONT }).getBBox()?.width ?? 0);
  }
  return measured.get(key);
}

/** Largest size ≤ max at which every line fits maxWidth. */
export const fit = (lines, weight, max, maxWidth) =>
  Math.min(max, Math.floor(Math.min(...lines.map((l) => (maxWidth / measure(l, weight)) * 100))));

/**
 * Renders through resvg twice: the PNG, and the SVG with its text turned into outlines, so the committed SVG
 * looks the same in any browser without the font.
 * @param {string} svg @param {number} width pixels of the PNG
 */
export function render(svg, width) {
  const resvg = new Resvg(svg, { font: FONT, fitTo: { mode: 'width', value: width } });
  return { png: resvg.render().asPng(), outlinedSvg: resvg.toString() };
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrast(a, b) {
  const lum = (hex) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
