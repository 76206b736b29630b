import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

/** The Japanese font certificates are printed with (OFL, shipped by npm). */
export const CERTIFICATE_FONT_PATH = require.resolve(
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
);

let font: fontkit.Font | undefined;

function certificateFont(): fontkit.Font {
  // ≈5 MB; loaded on first use, then kept.
  font ??= fontkit.create(readFileSync(CERTIFICATE_FONT_PATH)) as fontkit.Font;
  return font;
}

/** True when every character of `text` has a real glyph in the certificate font. */
export function isPrintableOnCertificate(text: string): boolean {
  const loaded = certificateFont();
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (!loaded.hasGlyphForCodePoint(codePoint)) return false;
  }
  return text.length > 0;
}
