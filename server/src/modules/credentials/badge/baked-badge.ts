import { crc32 } from 'node:zlib';

/**
 * Open Badges 3.0 baking (§5.3): the credential travels inside the badge image, as an uncompressed PNG
 * `iTXt` chunk whose keyword is `openbadgecredential` and whose text is the compact VC-JWT.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const BAKED_CREDENTIAL_KEYWORD = 'openbadgecredential';

interface Chunk {
  type: string;
  /** The whole chunk: length, type, data and CRC. */
  bytes: Buffer;
  data: Buffer;
}

function chunksOf(png: Buffer): Chunk[] {
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) throw new Error('not a PNG image');
  const chunks: Chunk[] = [];
  let at = PNG_SIGNATURE.length;
  while (at < png.length) {
    if (at + 12 > png.length) throw new Error('PNG image cut short');
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) throw new Error('PNG image cut short');
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), bytes: png.subarray(at, end), data: png.subarray(at + 8, at + 8 + length) });
    at = end;
  }
  if (chunks[0]?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND') throw new Error('PNG image without IHDR first and IEND last');
  return chunks;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** The keyword of an iTXt chunk: the Latin-1 text before its first NUL. */
const keywordOf = (data: Buffer): string => data.toString('latin1', 0, Math.max(0, data.indexOf(0)));

/**
 * The badge image with the credential baked in, right after the header. A credential already in the
 * image is replaced: the spec allows one per image.
 */
export function bakeCredential(png: Buffer, jwt: string): Buffer {
  const chunks = chunksOf(png).filter((each) => !(each.type === 'iTXt' && keywordOf(each.data) === BAKED_CREDENTIAL_KEYWORD));
  // keyword NUL, compression flag 0 and method 0 (uncompressed), empty language tag NUL, empty translated keyword NUL, text.
  const text = Buffer.concat([Buffer.from(BAKED_CREDENTIAL_KEYWORD, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(jwt, 'utf8')]);
  const [header, ...rest] = chunks;
  return Buffer.concat([PNG_SIGNATURE, header!.bytes, chunk('iTXt', text), ...rest.map((each) => each.bytes)]);
}

/** The credential baked into a badge image, or null when there is none (what a badge backpack reads). */
export function unbakeCredential(png: Buffer): string | null {
  for (const { type, data } of chunksOf(png)) {
    if (type !== 'iTXt' || keywordOf(data) !== BAKED_CREDENTIAL_KEYWORD) continue;
    let at = BAKED_CREDENTIAL_KEYWORD.length + 1;
    const compressed = data[at] === 1;
    at += 2;
    at = data.indexOf(0, at) + 1; // language tag
    at = data.indexOf(0, at) + 1; // translated keyword
    if (compressed) throw new Error('a compressed baked credential: OB 3.0 bakes it uncompressed');
    return data.toString('utf8', at);
  }
  return null;
}
