import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The specs read the PDFs the server renders as a reader would, with poppler's command-line tools
 * (poppler-utils, installed by .ci/run): the text, the word positions, the fonts, the images.
 */

/** Runs one of poppler's tools and gives what it printed; a failure throws with its message. */
export function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts' | 'pdfimages', args: string[]): string {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.error?.message ?? result.stderr}`);
  return result.stdout;
}

/** Saves a PDF made in memory for the tools to read; the file is removed once `read` returns. */
export function withPdfFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-spec-'));
  try {
    const file = path.join(folder, 'document.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface PdfWordBox {
  /** 1-based. */
  page: number;
  pageWidth: number;
  pageHeight: number;
  /** In points from the page's top left. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

/** Every word `pdftotext -bbox` finds in the file, with its page's size. */
export function pdfWordBoxes(file: string): PdfWordBox[] {
  const boxes: PdfWordBox[] = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  for (const line of poppler('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).split('\n')) {
    const pageMatch = /<page width="([\d.]+)" height="([\d.]+)">/.exec(line);
    if (pageMatch) {
      page += 1;
      pageWidth = Number(pageMatch[1]);
      pageHeight = Number(pageMatch[2]);
      continue;
    }
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (word) {
      boxes.push({ page, pageWidth, pageHeight, xMin: Number(word[1]), yMin: Number(word[2]), xMax: Number(word[3]), yMax: Number(word[4]), text: word[5]! });
    }
  }
  return boxes;
}
