import { JAPANESE_FONT as FONT, renderJapanesePdf } from '../../../core/fonts/japanese-pdf.js';

/**
 * Renders a content-pack slide deck (one Markdown-ish string per slide) as a 16:9 PDF,
 * one page per slide.
 *
 * The output is deterministic — the same deck always gives the same bytes — because the
 * importer compares hashes to stay idempotent: the document dates are fixed, and pdfkit
 * derives the trailer ID and the font-subset tag from the document info, not from chance.
 */
export async function renderSlideDeckPdf(deck: { title: string; slides: string[] }): Promise<Buffer> {
  if (deck.slides.length === 0) throw new Error('renderSlideDeckPdf: the deck has no slides');
  return renderJapanesePdf(
    {
      autoFirstPage: false,
      size: [PAGE.width, PAGE.height],
      info: {
        Title: deck.title,
        Creator: 'Campus content importer',
        Producer: 'PDFKit',
        CreationDate: FIXED_DATE,
        ModDate: FIXED_DATE,
      },
    },
    (doc) =>
      deck.slides.forEach((source, index) => {
        doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
        drawSlide(doc, parseSlide(source), { title: deck.title, number: index + 1, total: deck.slides.length });
      }),
  );
}

// ─── Design ──────────────────────────────────────────────────────────────────────────

/** Any fixed instant will do; it only has to be the same on every render. */
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

const PAGE = { width: 960, height: 540 } as const;
const MARGIN_X = 64;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN_X;

const COLOR = {
  band: '#1E3A5F',
  accent: '#06C755',
  heading: '#111827',
  text: '#1F2937',
  muted: '#6B7280',
  rule: '#E5E7EB',
} as const;

const BAND_HEIGHT = 14;
const HEADING_TOP = 44;
const HEADING_SIZES = [30, 28, 26, 24];
const HEADING_MAX_LINES = 2;
/** Body sizes tried in turn until the slide fits; the last one is clipped if it still does not. */
const BODY_SIZES = [20, 19, 18, 17, 16, 15, 14];
const FOOTER_RULE_Y = PAGE.height - 42;
const FOOTER_TEXT_Y = PAGE.height - 32;
const FOOTER_SIZE = 10;
const BODY_BOTTOM = FOOTER_RULE_Y - 16;

// ─── Parsing ─────────────────────────────────────────────────────────────────────────

type Block =
  | { kind: 'bullet'; level: number; label: string | null; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'gap' };

interface Slide {
  heading: string;
  blocks: Block[];
}

const HEADING_LINE = /^#{1,6}\s+(.*)$/;
const BULLET_LINE = /^(\s*)[-*+・•]\s+(.*)$/;
const NUMBERED_LINE = /^(\s*)(\d{1,3})[.)．]\s+(.*)$/;
const THEMATIC_BREAK = /^\s*([-*_])(\s*\1){2,}\s*$/;

function parseSlide(source: string): Slide {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();

  let heading = '';
  const first = lines.length > 0 ? HEADING_LINE.exec(lines[0].trim()) : null;
  if (first) {
    heading = plainInline(first[1]);
    lines.shift();
  }

  const blocks: Block[] = [];
  for (const line of lines) {
    const block = parseLine(line);
    if (block.kind === 'gap' && (blocks.length === 0 || blocks[blocks.length - 1].kind === 'gap')) continue;
    blocks.push(block);
  }
  while (blocks.length > 0 && blocks[blocks.length - 1].kind === 'gap') blocks.pop();
  return { heading, blocks };
}

function parseLine(line: string): Block {
  if (line.trim() === '' || THEMATIC_BREAK.test(line)) return { kind: 'gap' };

  const heading = HEADING_LINE.exec(line.trim());
  if (heading) return { kind: 'subheading', text: plainInline(heading[1]) };

  const bullet = BULLET_LINE.exec(line);
  if (bullet) return { kind: 'bullet', level: indentLevel(bullet[1]), label: null, text: plainInline(bullet[2]) };

  const numbered = NUMBERED_LINE.exec(line);
  if (numbered) {
    return { kind: 'bullet', level: indentLevel(numbered[1]), label: `${numbered[2]}.`, text: plainInline(numbered[3]) };
  }

  return { kind: 'paragraph', text: plainInline(line.replace(/^\s*>\s?/, '')) };
}

function indentLevel(indent: string): number {
  const width = indent.replace(/\t/g, '  ').length;
  return Math.min(2, Math.floor(width / 2));
}

/** Inline Markdown to plain text: emphasis, code and link markup are dropped, their text kept. */
function plainInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^*\w])\*(?!\s)([^*]+?)\*(?!\*)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\\([\\`*_#[\]()>+\-.!])/g, '$1')
    .trim();
}

// ─── Layout and drawing ──────────────────────────────────────────────────────────────

interface Footer {
  title: string;
  number: number;
  total: number;
}

/** A block measured at one body size: where its text starts, how wide it may run, how tall it is. */
interface Placed {
  block: Block;
  size: number;
  textX: number;
  width: number;
  height: number;
}

function drawSlide(doc: PDFKit.PDFDocument, slide: Slide, footer: Footer): void {
  doc.save().rect(0, 0, PAGE.width, BAND_HEIGHT).fill(COLOR.band).restore();

  let bodyTop = HEADING_TOP;
  if (slide.heading !== '') {
    const size = fitHeadingSize(doc, slide.heading);
    doc.font(FONT).fontSize(size);
    const maxHeight = doc.currentLineHeight() * HEADING_MAX_LINES;
    const height = Math.min(doc.heightOfString(slide.heading, { width: CONTENT_WIDTH }), maxHeight);
    doc
      .fillColor(COLOR.heading)
      .text(slide.heading, MARGIN_X, HEADING_TOP, { width: CONTENT_WIDTH, height: maxHeight + 0.5, ellipsis: true });
    const ruleY = HEADING_TOP + height + 6;
    doc.save().rect(MARGIN_X, ruleY, 72, 4).fill(COLOR.accent).restore();
    bodyTop = ruleY + 4 + 24;
  }

  drawBody(doc, slide.blocks, bodyTop);
  drawFooter(doc, footer);
}

function fitHeadingSize(doc: PDFKit.PDFDocument, heading: string): number {
  for (const size of HEADING_SIZES) {
    doc.font(FONT).fontSize(size);
    if (doc.heightOfString(heading, { width: CONTENT_WIDTH }) <= doc.currentLineHeight() * HEADING_MAX_LINES + 0.5) {
      return size;
    }
  }
  return HEADING_SIZES[HEADING_SIZES.length - 1];
}

function drawBody(doc: PDFKit.PDFDocument, blocks: Block[], top: number): void {
  if (blocks.length === 0) return;
  const available = BODY_BOTTOM - top;

  let placed: Placed[] = [];
  let gapAfter = 0;
  for (const size of BODY_SIZES) {
    placed = blocks.map((block) => measure(doc, block, size));
    gapAfter = Math.round(size * 0.45);
    if (totalHeight(placed, gapAfter) <= available) break;
  }

  let y = top;
  for (const item of placed) {
    const remaining = BODY_BOTTOM - y;
    if (remaining < lineHeightAt(doc, item.size)) break; // clipped: nothing more fits on this page
    drawBlock(doc, item, y, remaining);
    y += Math.min(item.height, remaining) + gapAfter;
  }
}

function totalHeight(placed: Placed[], gapAfter: number): number {
  return placed.reduce((sum, item) => sum + item.height, 0) + gapAfter * Math.max(0, placed.length - 1);
}

function lineHeightAt(doc: PDFKit.PDFDocument, size: number): number {
  return doc.font(FONT).fontSize(size).currentLineHeight();
}

function measure(doc: PDFKit.PDFDocument, block: Block, bodySize: number): Placed {
  switch (block.kind) {
    case 'gap':
      return { block, size: bodySize, textX: MARGIN_X, width: CONTENT_WIDTH, height: Math.round(bodySize * 0.3) };
    case 'subheading': {
      const size = Math.round(bodySize * 1.15);
      doc.font(FONT).fontSize(size);
      return { block, size, textX: MARGIN_X, width: CONTENT_WIDTH, height: doc.heightOfString(block.text, { width: CONTENT_WIDTH }) };
    }
    case 'paragraph': {
      doc.font(FONT).fontSize(bodySize);
      return { block, size: bodySize, textX: MARGIN_X, width: CONTENT_WIDTH, height: doc.heightOfString(block.text, { width: CONTENT_WIDTH }) };
    }
    case 'bullet': {
      const size = block.level === 0 ? bodySize : Math.max(BODY_SIZES[BODY_SIZES.length - 1], bodySize - 2);
      doc.font(FONT).fontSize(size);
      const indent = block.level * bodySize * 1.4;
      const hang = block.label === null ? size * 1.1 : Math.max(size * 1.1, doc.widthOfString(block.label) + size * 0.45);
      const textX = MARGIN_X + indent + hang;
      const width = PAGE.width - MARGIN_X - textX;
      return { block, size, textX, width, height: doc.heightOfString(block.text, { width }) };
    }
  }
}

function drawBlock(doc: PDFKit.PDFDocument, item: Placed, y: number, remaining: number): void {
  const { block, size, textX, width } = item;
  if (block.kind === 'gap') return;

  doc.font(FONT).fontSize(size);
  const options: PDFKit.Mixins.TextOptions = { width, height: remaining, ellipsis: true };

  if (block.kind === 'subheading') {
    doc.fillColor(COLOR.band).text(block.text, textX, y, options);
    return;
  }
  if (block.kind === 'paragraph') {
    doc.fillColor(COLOR.text).text(block.text, textX, y, options);
    return;
  }

  const markerRight = textX - size * 0.45;
  const centerY = y + glyphCenterOffset(doc, size);
  if (block.label !== null) {
    const labelWidth = doc.widthOfString(block.label);
    doc.fillColor(COLOR.accent).text(block.label, markerRight - labelWidth, y, { lineBreak: false });
  } else {
    const radius = block.level === 0 ? size * 0.16 : size * 0.13;
    const centerX = markerRight - radius;
    doc.save();
    if (block.level === 0) {
      doc.circle(centerX, centerY, radius).fill(COLOR.accent);
    } else {
      doc.lineWidth(1.2).circle(centerX, centerY, radius).stroke(COLOR.accent);
    }
    doc.restore();
  }
  doc.fillColor(COLOR.text).text(block.text, textX, y, options);
}

/**
 * Distance from the top of a text line to the visual middle of its glyphs: pdfkit puts the
 * baseline `ascender` below the line top, and CJK glyphs sit on the em box from 0.12 em
 * below the baseline to 0.88 em above it, so their middle is 0.38 em above the baseline.
 */
function glyphCenterOffset(doc: PDFKit.PDFDocument, size: number): number {
  const font = (doc as unknown as { _font?: { ascender?: unknown } })._font;
  const ascender = typeof font?.ascender === 'number' ? font.ascender : 880;
  return (ascender / 1000 - 0.38) * size;
}

function drawFooter(doc: PDFKit.PDFDocument, footer: Footer): void {
  doc.save().moveTo(MARGIN_X, FOOTER_RULE_Y).lineTo(PAGE.width - MARGIN_X, FOOTER_RULE_Y).lineWidth(0.75).stroke(COLOR.rule).restore();

  doc.font(FONT).fontSize(FOOTER_SIZE).fillColor(COLOR.muted);
  const lineHeight = doc.currentLineHeight();
  const pageLabel = `${footer.number} / ${footer.total}`;
  const labelWidth = doc.widthOfString(pageLabel);
  doc.text(pageLabel, PAGE.width - MARGIN_X - labelWidth, FOOTER_TEXT_Y, { lineBreak: false });

  const titleWidth = CONTENT_WIDTH - labelWidth - 24;
  if (footer.title.trim() !== '' && titleWidth > 0) {
    doc.text(footer.title, MARGIN_X, FOOTER_TEXT_Y, { width: titleWidth, height: lineHeight + 0.5, ellipsis: true });
  }
}
