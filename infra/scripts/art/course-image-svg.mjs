// The one course-thumbnail template (16:9, drawn at 640×360): the programme's colour, the kind and level
// as chips, the title wrapped between phrases (BudouX, as the pages wrap it), the programme's name, and an
// original decoration — the programme pictogram, a play mark for video courses, the badge for certification.
import { loadDefaultJapaneseParser } from 'budoux';
import { esc, fit, measure, PROGRAM_COLOURS, text } from './art-kit.mjs';
import { badgeSvg, badgeVariant } from './badge-svg.mjs';

export const IMAGE_WIDTH = 640;
export const IMAGE_HEIGHT = 360;
const X = 36, TITLE_W = 400, TITLE_MAX = 40, TITLE_MIN = 26, MAX_LINES = 3;

export const KIND_LABELS = { learning: 'コース', seminar: 'セミナー', video: '動画', certification: '認定コース' };
export const LEVEL_LABELS = { BEGINNER: '初級', INTERMEDIATE: '中級', ADVANCED: '上級' };
const PROGRAM_NAMES = { OA: 'LINE公式アカウント', AD: 'LINE広告', Y_ADS: 'Yahoo!広告' };
const PROGRAM_MOTIF = { OA: 'bubble', AD: 'bars', Y_ADS: 'magnifier' };

const parser = loadDefaultJapaneseParser();

const HAN = /\p{Script=Han}/u;
/**
 * Break opportunities of a title: BudouX phrases, also cut after each space, but never between two kanji
 * (BudouX would cut 「検索|広告」, which reads badly in a 3-line title).
 */
function pieces(title) {
  const out = [];
  for (const piece of parser.parse(title).flatMap((phrase) => phrase.split(/(?<= )/))) {
    const previous = out.at(-1);
    if (previous && HAN.test(previous.at(-1)) && HAN.test(piece[0])) out[out.length - 1] += piece;
    else out.push(piece);
  }
  return out;
}

/**
 * The title in at most MAX_LINES lines no wider than `room` (at 100px), as even as can be: the partition
 * whose widest line is narrowest, a break after a space counting as a little narrower than one between
 * phrases (so 「Yahoo!広告 ディスプレイ広告」 keeps its words). null when the title does not fit.
 */
function balancedLines(title, room) {
  const parts = pieces(title);
  const n = parts.length;
  const width = (i, j) => measure(parts.slice(i, j).join('').trim(), 700);
  // best[k][j]: the cheapest way to set parts[0..j) in k lines, as { cost, breaks }.
  let best = [{ cost: 0, breaks: [] }, ...Array(n).fill(null)];
  for (let k = 1; k <= MAX_LINES; k++) {
    const next = Array(n + 1).fill(null);
    for (let j = 1; j <= n; j++) {
      for (let i = 0; i < j; i++) {
        if (!best[i] || width(i, j) > room) continue;
        const atSpace = j === n || parts[j - 1].endsWith(' ');
        const cost = Math.max(best[i].cost, width(i, j) * (atSpace ? 1 : 1.3));
        if (!next[j] || cost < next[j].cost) next[j] = { cost, breaks: [...best[i].breaks, j] };
      }
    }
    if (next[n]) {
      const cuts = [0, ...next[n].breaks];
      return cuts.slice(1).map((end, index) => parts.slice(cuts[index], end).join('').trim());
    }
    best = next;
  }
  return null;
}

/** The largest size ≤ TITLE_MAX at which the title fits MAX_LINES lines, set in the fewest even lines. */
export function layoutTitle(title) {
  for (let size = TITLE_MAX; size >= TITLE_MIN; size -= 2) {
    const lines = balancedLines(title, (TITLE_W / size) * 100);
    if (lines) return { size, lines };
  }
  throw new Error(`Title too long for a thumbnail: ${title}`);
}

/** Base colour of a course's image: the programme's; certification courses take their badge's colour. */
export function imageColour({ kind, program, slug }) {
  return kind === 'certification' ? badgeVariant(slug).colour : PROGRAM_COLOURS[program].base;
}

/** File name stem, unique across kinds (a video course may share a slug with a learning course). */
export const imageStem = ({ kind, slug }) => `${kind}-${slug}`;

function chip(label, x, y, colour) {
  const size = 17;
  const w = Math.ceil((measure(label, 700) * size) / 100) + 24;
  return { w, svg: `<rect x="${x}" y="${y}" width="${w}" height="30" rx="15" fill="#fff"/>` + text(label, { x: x + 12, y: y + 21, size, weight: 700, fill: colour }) };
}

/** Nested badge (its own 512 viewBox) scaled into a box at (x, y). */
const nestedBadge = (course, x, y, size) =>
  badgeSvg(course).replace('<svg ', `<svg x="${x}" y="${y}" `).replace(/width="512" height="512"/, `width="${size}" height="${size}"`);

/**
 * @param {{ kind: string, program: string, slug: string, title: string, level: string | null }} course
 * @returns {string} SVG source (text as text; art-kit render() outlines it)
 */
export function courseImageSvg(course) {
  const colour = imageColour(course);
  const t = layoutTitle(course.title);
  const lh = Math.round(t.size * 1.32);
  const titleTop = 92 + Math.round((190 - t.lines.length * lh) / 2);
  const kind = chip(KIND_LABELS[course.kind], X, 32, colour);
  const level = course.level ? chip(LEVEL_LABELS[course.level], X + kind.w + 8, 32, colour) : { svg: '' };
  let art;
  if (course.kind === 'certification') art = nestedBadge(course, 452, 92, 176);
  else {
    const motif = { bubble: 0, bars: 1, magnifier: 2 }[PROGRAM_MOTIF[course.program]];
    // A large soft ring with the programme's pictogram (simplified shapes), plus a play mark for video.
    art =
      `<circle cx="540" cy="178" r="108" fill="#fff" fill-opacity="0.14"/>` +
      `<circle cx="540" cy="178" r="78" fill="#fff" fill-opacity="0.92"/>` +
      [
        `<path d="M502 152h76a8 8 0 0 1 8 8v34a8 8 0 0 1-8 8h-40l-18 15v-15h-18a8 8 0 0 1-8-8v-34a8 8 0 0 1 8-8z" fill="${colour}"/>`,
        `<rect x="500" y="190" width="18" height="22" rx="3" fill="${colour}"/><rect x="526" y="172" width="18" height="40" rx="3" fill="${colour}"/><rect x="552" y="150" width="18" height="62" rx="3" fill="${colour}"/>`,
        `<circle cx="532" cy="172" r="24" fill="none" stroke="${colour}" stroke-width="9"/><path d="m550 190 22 22" stroke="${colour}" stroke-width="12" stroke-linecap="round"/>`,
      ][motif] +
      (course.kind === 'video' ? `<circle cx="600" cy="236" r="26" fill="${colour}" stroke="#fff" stroke-width="5"/><path d="M592 222v28l22-14z" fill="#fff"/>` : '') +
      (course.kind === 'seminar' ? `<rect x="572" y="224" width="56" height="28" rx="14" fill="${colour}" stroke="#fff" stroke-width="4"/><circle cx="588" cy="238" r="5" fill="#fff"/><circle cx="600" cy="238" r="5" fill="#fff"/><circle cx="612" cy="238" r="5" fill="#fff"/>` : '');
  }
  const parts = [
    `<title>${esc(course.title)}</title>`,
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="${colour}"/>`,
    `<circle cx="690" cy="-40" r="170" fill="#000" fill-opacity="0.12"/>`,
    `<path d="M0 ${IMAGE_HEIGHT - 62}H${IMAGE_WIDTH}V${IMAGE_HEIGHT}H0z" fill="#000" fill-opacity="0.18"/>`,
    art,
    kind.svg,
    level.svg,
    ...t.lines.map((line, i) => text(line, { x: X, y: Math.round(titleTop + i * lh + t.size * 0.98), size: t.size, weight: 700, fill: '#fff' })),
    text(PROGRAM_NAMES[course.program], { x: X, y: IMAGE_HEIGHT - 22, size: fit([PROGRAM_NAMES[course.program]], 700, 22, 300), weight: 700, fill: '#fff' }),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">${parts.join('')}</svg>`;
}
