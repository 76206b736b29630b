// The one skill-badge template (512×512). Level is told by shape and band: Basic is a round medal with a
// single ribbon; Advanced is a scalloped rosette in the deep shade, with a two-stripe ribbon and three stars.
// The motif in the top half tells the programme with an original pictogram, never a service's mark.
import { esc, fit, PROGRAM_COLOURS, text } from './art-kit.mjs';

export const BADGE_SIZE = 512;
const C = BADGE_SIZE / 2;

/** Pictograms drawn in a 100×100 box, stroked or filled with `ink`. */
const MOTIFS = {
  // A speech bubble with three dots: talking with friends.
  bubble: (ink) =>
    `<path d="M14 22h72a8 8 0 0 1 8 8v36a8 8 0 0 1-8 8H44l-18 16v-16H14a8 8 0 0 1-8-8V30a8 8 0 0 1 8-8z" fill="${ink}"/>` +
    [32, 50, 68].map((x) => `<circle cx="${x}" cy="48" r="6" fill="#fff"/>`).join(''),
  // Three rising bars under a trend arrow: ad results.
  bars: (ink) =>
    [
      [12, 60, 22],
      [40, 44, 38],
      [68, 26, 56],
    ]
      .map(([x, y, h]) => `<rect x="${x}" y="${y}" width="20" height="${h}" rx="3" fill="${ink}"/>`)
      .join('') + `<path d="M10 46 42 22l16 10 30-22m-14 0h14v14" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A magnifier over a query line: search.
  magnifier: (ink) =>
    `<circle cx="42" cy="42" r="26" fill="none" stroke="${ink}" stroke-width="10"/><path d="m62 62 24 24" stroke="${ink}" stroke-width="13" stroke-linecap="round"/>` +
    `<path d="M30 42h24" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`,
  // A tick in a rounded square: a passed certification, for any course.
  tick: (ink) =>
    `<rect x="10" y="10" width="80" height="80" rx="16" fill="none" stroke="${ink}" stroke-width="9"/>` +
    `<path d="m28 52 16 16 30-34" fill="none" stroke="${ink}" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A framed picture (hill and sun): display ads.
  frame: (ink) =>
    `<rect x="8" y="16" width="84" height="68" rx="8" fill="none" stroke="${ink}" stroke-width="9"/>` +
    `<path d="m18 74 22-26 14 16 10-10 18 20z" fill="${ink}"/><circle cx="68" cy="36" r="8" fill="${ink}"/>`,
};

/**
 * The eight certification courses (slugs of the spec). `label`: the short Japanese label, one or two lines.
 * @type {Record<string, { program: keyof typeof PROGRAM_COLOURS, motif: keyof typeof MOTIFS, label: string[] }>}
 */
export const BADGE_DESIGNS = {
  'line-official-account': { program: 'OA', motif: 'bubble', label: ['LINE公式', 'アカウント'] },
  'line-ads': { program: 'AD', motif: 'bars', label: ['LINE広告'] },
  'yahoo-ads-searchads': { program: 'Y_ADS', motif: 'magnifier', label: ['Yahoo!広告', '検索広告'] },
  'yahoo-ads-displayads': { program: 'Y_ADS_DISPLAY', motif: 'frame', label: ['Yahoo!広告', 'ディスプレイ広告'] },
};

/** The one badge of every certification course the studio adds (its file: badges/skill-badge.svg|png). */
export const STUDIO_BADGE = { slug: 'skill-badge', title: '認定コース' };
const STUDIO_DESIGN = { program: 'CAMPUS', motif: 'tick', label: ['認定コース'] };

/** @param {string} slug e.g. `line-ads-basic` → its design, level and colours; throws for an unknown slug. */
export function badgeVariant(slug) {
  const match = slug === STUDIO_BADGE.slug ? [slug, 'studio', 'certified'] : /^(.+)-(basic|advanced)$/.exec(slug);
  const design = match && (slug === STUDIO_BADGE.slug ? STUDIO_DESIGN : BADGE_DESIGNS[match[1]]);
  if (!design) throw new Error(`No badge design for certification course "${slug}"`);
  const level = match[1] === 'studio' ? 'Certified' : match[2] === 'basic' ? 'Basic' : 'Advanced';
  const palette = PROGRAM_COLOURS[design.program];
  const colour = level === 'Advanced' ? palette.deep : palette.base;
  return { ...design, level, colour, shade: level === 'Advanced' ? palette.shade : palette.deep, tint: palette.tint };
}

/** Japanese text alternative of a badge, e.g. 「LINE広告 Basic スキルバッジ」. */
export const badgeAlt = (title) => `${title} スキルバッジ`;

/** Points of a star with `n` tips around (cx, cy). */
const star = (cx, cy, r, n = 5, inner = 0.45) =>
  Array.from({ length: n * 2 }, (_, i) => {
    const a = (Math.PI * i) / n - Math.PI / 2;
    const d = i % 2 ? r * inner : r;
    return `${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

/** A scalloped rosette outline: 24 round lobes on a circle of radius r. */
function rosette(r, lobes = 24) {
  const pts = Array.from({ length: lobes }, (_, i) => {
    const a = (2 * Math.PI * i) / lobes;
    return [C + r * Math.cos(a), C + r * Math.sin(a)];
  });
  const lobeR = (Math.PI * r) / lobes + 2;
  return `M${pts[0][0].toFixed(1)} ${pts[0][1].toFixed(1)}` + pts.map((_, i) => {
    const [x, y] = pts[(i + 1) % lobes];
    return `A${lobeR.toFixed(1)} ${lobeR.toFixed(1)} 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)}`;
  }).join('') + 'Z';
}

/** A ribbon across the medal from y to y+h, with notched tails folded behind it in the shade colour. */
function ribbon(y, h, colour, shade, advanced) {
  const x0 = 56, x1 = BADGE_SIZE - 56, tail = 40, drop = 14;
  const tailPath = (edge, dir) => {
    const inner = edge - dir * 12, outer = edge + dir * tail, mid = y + drop + h / 2;
    return `<path d="M${inner} ${y + drop}H${outer}L${outer - dir * 16} ${mid}L${outer} ${y + drop + h}H${inner}Z" fill="${shade}"/>`;
  };
  const band = `<rect x="${x0}" y="${y}" width="${x1 - x0}" height="${h}" rx="4" fill="${colour}"/>`;
  const stripes = advanced
    ? [y + 7, y + h - 11].map((sy) => `<rect x="${x0 + 10}" y="${sy}" width="${x1 - x0 - 20}" height="4" fill="#fff" fill-opacity="0.85"/>`).join('')
    : '';
  return tailPath(x0, -1) + tailPath(x1, 1) + band + stripes;
}

/**
 * @param {{ slug: string, title: string }} course a certification course of the content pack
 * @returns {string} the badge as SVG source with its text still as text (see art-kit render()).
 */
export function badgeSvg({ slug, title }) {
  const v = badgeVariant(slug);
  const advanced = v.level === 'Advanced';
  const shape = advanced
    ? `<path d="${rosette(228)}" fill="${v.colour}"/>`
    : `<circle cx="${C}" cy="${C}" r="236" fill="${v.colour}"/>`;
  const labelSize = fit(v.label, 700, v.label.length === 1 ? 62 : 42, 290);
  const labelTop = v.label.length === 1 ? 284 : 254;
  const label = v.label
    .map((line, i) => text(line, { x: C, y: Math.round(labelTop + i * labelSize * 1.18), size: labelSize, weight: 700, fill: v.colour, anchor: 'middle' }))
    .join('');
  const parts = [
    `<title>${esc(badgeAlt(title))}</title>`,
    shape,
    `<circle cx="${C}" cy="${C}" r="${advanced ? 192 : 206}" fill="#fff"/>`,
    `<circle cx="${C}" cy="${C}" r="${advanced ? 180 : 194}" fill="none" stroke="${v.colour}" stroke-width="3" stroke-dasharray="${advanced ? '2 7' : '0'}"/>`,
    `<circle cx="${C}" cy="${C}" r="${advanced ? 172 : 186}" fill="${v.tint}"/>`,
    `<g transform="translate(${C - 38} 84) scale(0.76)">${MOTIFS[v.motif](v.colour)}</g>`,
    text('スキルバッジ', { x: C, y: 192, size: 22, weight: 700, fill: '#333333', anchor: 'middle' }),
    label,
    ribbon(338, 68, v.colour, v.shade, advanced),
    text(v.level, { x: C, y: 385, size: 38, weight: 700, fill: '#fff', anchor: 'middle' }),
  ];
  if (advanced) parts.push([-48, 0, 48].map((dx) => `<polygon points="${star(C + dx, 466, dx ? 11 : 14)}" fill="#fff"/>`).join(''));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_SIZE}" height="${BADGE_SIZE}" viewBox="0 0 ${BADGE_SIZE} ${BADGE_SIZE}" role="img">${parts.join('')}</svg>`;
}
