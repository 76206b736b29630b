import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { CERTIFICATE_FONT_PATH } from './certificate-font.js';

/** The name the Japanese font is registered under in every document made here. */
export const JAPANESE_FONT = 'jp';

let fontBytes: Buffer | undefined;
// ≈5 MB read once per process; pdfkit embeds only the glyphs a document uses.
const japaneseFontBytes = () => (fontBytes ??= readFileSync(CERTIFICATE_FONT_PATH));

/**
 * A PDF drawn by `draw` with the embedded Japanese font (text extractable with pdftotext and pdf.js).
 * A throwing `draw` ends the half-made document before the error goes on, so no stream is left open.
 */
export async function renderJapanesePdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ margin: 0, lang: 'ja-JP', displayTitle: true, ...options });
  const finished = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    doc.registerFont(JAPANESE_FONT, japaneseFontBytes());
    draw(doc);
  } catch (error) {
    doc.end();
    await finished.catch(() => undefined);
    throw error;
  }
  doc.end();
  return finished;
}
