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

/** The characters of `text` the certificate font has no glyph for, each once, in the order they appear. */
export function unprintableCharactersOf(text: string): string[] {
  const loaded = certificateFont();
  const missing = new Set<string>();
  for (const character of text) {
    if (!loaded.hasGlyphForCodePoint(character.codePointAt(0)!)) missing.add(character);
  }
  return [...missing];
}

/** True when every character of `text` has a real glyph in the certificate font. */
export function isPrintableOnCertificate(text: string): boolean {
  return text.length > 0 && unprintableCharactersOf(text).length === 0;
}
