import { JAPANESE_FONT as FONT, renderJapanesePdf } from '../../../core/fonts/japanese-pdf.js';
import { CERTIFICATE_FACT_LABELS as LABELS } from '../../../contracts/certificate-fact-labels.js';
import type { CertificateContent } from './certificate-content.js';

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 } as const;
const COLOR = { frame: '#1E3A5F', accent: '#06C755', text: '#1F2937', muted: '#6B7280' } as const;

/**
 * Where the skill badge sits: left of the facts, level with them, and above the verification line
 * (which runs almost the page's width, so a badge lower down covers its first words).
 */
export const CERTIFICATE_BADGE_BOX = { x: 72, y: 324, size: 120 } as const;

/**
 * One A4 landscape page with the embedded Japanese font; the text is extractable (pdftotext, pdf.js).
 * `badgePng`: the course's skill badge artwork (readBadgeArtwork), drawn when there is one.
 */
export function renderCertificatePdf(content: CertificateContent, createdAt: Date, badgePng: Buffer | null = null): Promise<Buffer> {
  return renderJapanesePdf(
    {
      size: [PAGE.width, PAGE.height],
      info: {
        Title: `${content.heading} ${content.courseLabel} ${content.holderName}`,
        Author: content.issuer,
        Creator: content.issuer,
        CreationDate: createdAt,
        ModDate: createdAt,
      },
    },
    (doc) => {
      draw(doc, content);
      if (badgePng) doc.image(badgePng, CERTIFICATE_BADGE_BOX.x, CERTIFICATE_BADGE_BOX.y, { width: CERTIFICATE_BADGE_BOX.size, height: CERTIFICATE_BADGE_BOX.size });
    },
  );
}

/** `link`: the text is also a link a PDF reader opens. */
function centred(doc: PDFKit.PDFDocument, text: string, y: number, size: number, color: string, link?: string): void {
  doc.font(FONT).fontSize(size).fillColor(color).text(text, 60, y, { width: PAGE.width - 120, align: 'center', ...(link ? { link, underline: true } : {}) });
}

function draw(doc: PDFKit.PDFDocument, content: CertificateContent): void {
  doc.save().lineWidth(6).rect(24, 24, PAGE.width - 48, PAGE.height - 48).stroke(COLOR.frame).restore();
  doc.save().lineWidth(1).rect(36, 36, PAGE.width - 72, PAGE.height - 72).stroke(COLOR.accent).restore();

  centred(doc, content.programme, 70, 16, COLOR.muted);
  centred(doc, content.heading, 100, 40, COLOR.frame);
  centred(doc, `${content.holderName} 殿`, 185, 30, COLOR.text);
  doc.save().moveTo(PAGE.width / 2 - 170, 230).lineTo(PAGE.width / 2 + 170, 230).lineWidth(0.75).stroke(COLOR.muted).restore();
  doc.font(FONT).fontSize(14).fillColor(COLOR.text).text(content.statement, 130, 255, { width: PAGE.width - 260, align: 'center' });

  const rows: Array<[string, string]> = [
    [LABELS.course, content.courseLabel],
    [LABELS.level, content.levelLabel],
    [LABELS.issuedOn, content.issuedOn],
    [LABELS.expiresOn, content.expiresOn],
    [LABELS.number, content.certificateNumber],
  ];
  let y = 330;
  for (const [label, value] of rows) {
    doc.font(FONT).fontSize(12).fillColor(COLOR.muted).text(label, 230, y, { width: 110, lineBreak: false });
    doc.font(FONT).fontSize(12).fillColor(COLOR.text).text(value, 350, y, { width: 300, lineBreak: false });
    y += 24;
  }

  // The credential is signed a few seconds after this PDF is made, so the PDF links the page that links it.
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text('この認定証が本物かどうかは、次のページで確認できます。デジタル認定証（Open Badges 3.0）もこのページから取得できます。', 60, 466, { width: PAGE.width - 120, align: 'center' });
  centred(doc, content.verificationUrl, 486, 10, COLOR.frame, content.verificationUrl);
  centred(doc, content.issuer, 520, 14, COLOR.text);
}
