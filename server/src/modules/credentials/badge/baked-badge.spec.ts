import { crc32, deflateSync } from 'node:zlib';
import { bakeCredential, unbakeCredential } from './baked-badge';

/** A real 2×2 RGB PNG written from the format's definition, independent of the code under test. */
function pngFixture(): Buffer {
  const chunkOf = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const rows = Buffer.from([0, 6, 199, 85, 255, 255, 255, 0, 30, 58, 95, 6, 199, 85]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunkOf('IHDR', header), chunkOf('IDAT', deflateSync(rows)), chunkOf('IEND', Buffer.alloc(0))]);
}

/** Every chunk as (type, data), each CRC checked: what any PNG reader does first. */
function readChunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const body = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(body));
    chunks.push({ type: body.toString('latin1', 0, 4), data: body.subarray(4) });
    at += 12 + length;
  }
  return chunks;
}

const JWT = 'eyJhbGciOiJFZERTQSJ9.eyJ2YyI6eyJuYW1lIjoi6KqN5a6a44OQ44OD44K4In19.c2lnbmF0dXJl';

describe('baked badge (OB 3.0 §5.3)', () => {
  it('adds one uncompressed iTXt chunk "openbadgecredential" carrying the VC-JWT, the image untouched', () => {
    const original = pngFixture();
    const baked = bakeCredential(original, JWT);
    const chunks = readChunks(baked);
    expect(chunks.map((each) => each.type)).toEqual(['IHDR', 'iTXt', 'IDAT', 'IEND']);
    const itxt = chunks[1]!.data;
    // keyword NUL, compression flag 0, method 0, empty language NUL, empty translated keyword NUL, text
    expect(itxt.subarray(0, 24)).toEqual(Buffer.concat([Buffer.from('openbadgecredential'), Buffer.from([0, 0, 0, 0, 0])]));
    expect(itxt.subarray(24).toString('utf8')).toBe(JWT);
    const originalChunks = readChunks(original);
    expect(chunks.filter((each) => each.type !== 'iTXt')).toEqual(originalChunks);
  });

  it('reads the credential back, and replaces rather than adds when baking again', () => {
    const once = bakeCredential(pngFixture(), JWT);
    expect(unbakeCredential(once)).toBe(JWT);
    const twice = bakeCredential(once, 'other.jwt.value');
    expect(readChunks(twice).filter((each) => each.type === 'iTXt')).toHaveLength(1);
    expect(unbakeCredential(twice)).toBe('other.jwt.value');
    expect(unbakeCredential(pngFixture())).toBeNull();
  });

  it('refuses what is not a whole PNG', () => {
    expect(() => bakeCredential(Buffer.from('GIF89a not a png'), JWT)).toThrow('not a PNG image');
    expect(() => bakeCredential(pngFixture().subarray(0, 40), JWT)).toThrow('cut short');
  });
});
