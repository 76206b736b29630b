/** The part of `qrcode` (no types of its own) the wallet offer uses: an SVG of the code. */
declare module 'qrcode' {
  export interface QrCodeSvgOptions {
    type?: 'svg';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    color?: { dark?: string; light?: string };
  }
  export function toString(text: string, options?: QrCodeSvgOptions): Promise<string>;
}
