// `npm run share-images`: render the Open Graph / X card images (1200×630 PNG) for each page-metadata preset
// into client/public/share/. The PNGs are static assets and are committed, so builds and deploys need neither
// resvg nor the 5 MB fonts; rerun this script whenever a caption below changes.
import { Resvg } from '@resvg/resvg-js';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const SITE = 'マーケティング学習キャンパス';
/** @type {Record<string, { title: string, subtitle?: string }>} */
const PRESETS = {
  common: { title: SITE, subtitle: 'LINE公式アカウント・LINE広告・Yahoo!広告を無料で学ぶ' },
  'line-official-account': { title: 'LINE公式アカウントを学ぶ' },
  'line-ads': { title: 'LINE広告を学ぶ' },
  'yahoo-ads': { title: 'Yahoo!広告を学ぶ' },
  'video-line-official-account': { title: '動画で学ぶ LINE公式アカウント' },
  'video-yahoo-ads': { title: '動画で学ぶ Yahoo!広告' },
  certification: { title: 'マーケティングスキルバッジ', subtitle: '認定試験に合格してスキルバッジを取得' },
};

const W = 1200, H = 630, X = 80, MAX_W = W - 2 * X, BAND = 112, GREEN = '#06803d';
const FONT_DIR = path.join(ROOT, 'node_modules/@expo-google-fonts/noto-sans-jp');
const font = {
  fontFiles: ['400Regular/NotoSansJP_400Regular.ttf', '700Bold/NotoSansJP_700Bold.ttf'].map((f) => path.join(FONT_DIR, f)),
  loadSystemFonts: false,
  defaultFontFamily: 'Noto Sans JP',
};

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const text = (s, x, y, size, weight, fill) =>
  `<text x="${x}" y="${y}" font-family="Noto Sans JP" font-size="${size}" font-weight="${weight}" fill="${fill}">${esc(s)}</text>`;
const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

/** Rendered width of `s` at 100px, measured by resvg itself so the layout never guesses glyph widths. */
function measure(s, weight) {
  return new Resvg(svg(text(s, 0, 200, 100, weight, '#000')), { font }).getBBox()?.width ?? 0;
}

/** Largest size ≤ max at which every line fits MAX_W. */
const fit = (lines, weight, max) => Math.min(max, Math.floor(Math.min(...lines.map((l) => (MAX_W / measure(l, weight)) * 100))));

/** One line when it can stay large; otherwise the split at a space whose widest half is smallest. */
function layoutTitle(title) {
  let best = { lines: [title], size: fit([title], 700, 88) };
  if (best.size >= 72) return best;
  const words = title.split(' ');
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const size = fit(lines, 700, 80);
    if (size > best.size) best = { lines, size };
  }
  return best;
}

/** @param {string} name @param {{ title: string, subtitle?: string }} preset */
function card(name, { title, subtitle }) {
  const t = layoutTitle(title);
  const lh = Math.round(t.size * 1.3);
  const sub = subtitle ? fit([subtitle], 400, 40) : 0;
  const blockH = t.lines.length * lh + (subtitle ? 24 + sub * 1.4 : 0);
  const top = Math.round(130 + (H - BAND - 130 - blockH) / 2);
  const parts = [
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    // Original geometric decoration: soft circles top right, dot row and accent bar.
    // Kept above y≈120 and right of x=1120 so it never touches the text.
    `<circle cx="1150" cy="-20" r="160" fill="#e8f4ed"/>`,
    `<circle cx="985" cy="62" r="38" fill="none" stroke="${GREEN}" stroke-opacity="0.35" stroke-width="9"/>`,
    `<rect x="1148" y="178" width="24" height="24" rx="5" fill="${GREEN}" fill-opacity="0.55" transform="rotate(45 1160 190)"/>`,
    ...[0, 1, 2, 3, 4].map((i) => `<circle cx="${X + 6 + i * 26}" cy="${top - 44}" r="6" fill="${GREEN}" fill-opacity="${1 - i * 0.18}"/>`),
    `<rect y="${H - BAND}" width="${W}" height="${BAND}" fill="${GREEN}"/>`,
    `<rect x="${W - 260}" y="${H - BAND}" width="260" height="${BAND}" fill="#056a33"/>`,
    `<circle cx="${W - 130}" cy="${H - BAND / 2}" r="26" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/>`,
    ...t.lines.map((l, i) =>
      text(l, X, Math.round(top + i * lh + (lh - t.size) / 2 + t.size * 0.88), t.size, 700, name === 'common' ? GREEN : '#16241c'),
    ),
  ];
  if (subtitle) parts.push(text(subtitle, X, Math.round(top + t.lines.length * lh + 24 + sub * 1.1), sub, 400, '#3b4a41'));
  if (name !== 'common') parts.push(text(SITE, X, H - BAND / 2 + 12, 34, 700, '#fff'));
  return new Resvg(svg(parts.join('')), { font, fitTo: { mode: 'original' } }).render().asPng();
}

const outDir = path.join(ROOT, 'client/public/share');
mkdirSync(outDir, { recursive: true });
for (const [name, preset] of Object.entries(PRESETS)) {
  const file = path.join(outDir, `${name}.png`);
  writeFileSync(file, card(name, preset));
  console.log(`${path.relative(ROOT, file)}  ${Math.round(statSync(file).size / 1024)} KB`);
}
