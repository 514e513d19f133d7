// Real (tiny) images built in code, so tests need no binary files.
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
}

/** A valid width×height RGB PNG of one colour. */
export function tinyPng(width = 2, height = 2, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid width×height baseline JPEG of one colour. */
export function tinyJpeg(width = 8, height = 8): Buffer {
  const data = Buffer.alloc(width * height * 4, 180);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

/**
 * Files that start like a PNG or JPEG and are not one: garbage after a PNG's header, a PNG whose
 * compressed data was damaged (its checksum no longer matches), one cut short, a JPEG cut short,
 * and a PNG that claims 50,000 × 50,000 pixels.
 */
export function brokenImages(): Record<string, Buffer> {
  const png = tinyPng(4, 4);
  const damaged = Buffer.from(png);
  damaged[png.indexOf('IDAT') + 6]! ^= 0xff;
  const huge = Buffer.from(png);
  huge.writeUInt32BE(50_000, 16);
  huge.writeUInt32BE(50_000, 20);
  const jpg = tinyJpeg(16, 16);
  return {
    'garbage after a PNG header': Buffer.concat([png.subarray(0, 16), Buffer.from('not really a picture at all')]),
    'damaged PNG data': damaged,
    'a PNG cut short': png.subarray(0, png.length - 20),
    'a JPEG cut short': jpg.subarray(0, jpg.length - 40),
    'a PNG claiming 50,000 × 50,000 pixels': huge,
  };
}
