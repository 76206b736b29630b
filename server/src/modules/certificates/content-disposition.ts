/** RFC 5987 `ext-value` encoding: percent-encodes everything outside attr-char, including ' ( ) *. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * An attachment header with a Japanese file name: `filename*` for browsers (RFC 6266/5987) and a
 * plain ASCII `filename` for the rest.
 */
export function attachmentDisposition(filename: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}
