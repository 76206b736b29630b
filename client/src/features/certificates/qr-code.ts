/**
 * The QR code of `text` as an SVG document. The encoder is loaded when a code is first drawn, so the
 * certificate page does not carry it.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  const qrcode = await import('qrcode');
  // A CommonJS package: its functions are named exports under Vite and jest alike, or sit on `default`.
  const encode = qrcode.toString ?? (qrcode as unknown as { default: typeof qrcode }).default.toString;
  // M: a phone reads it off a screen at an angle; the offer URI is a few hundred characters.
  return encode(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
