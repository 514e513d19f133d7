// Security-relevant: images people send (a location's logo, a drawn signature on the public form)
// are printed into PDFs long after they arrive. A file that only starts like a PNG or JPEG broke
// every PDF of its location, and pdfkit's PNG reader throws from inside a zlib callback where
// nothing can catch it. So an image is decoded in full when it arrives (every PNG chunk's CRC,
// the compressed data, each row's filter; a JPEG's every scan), its size is bounded before any
// pixel is decoded (a small file can claim a huge picture); pdf-renderer.ts's `printableImage` then
// lays it into a PDF as the PDFs will, so what passes prints. Decision 0146.
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

export type ImageType = 'image/png' | 'image/jpeg';

/** The most pixels an accepted image may have (about 4096 × 4096): far beyond a logo or a signature. */
export const MAX_IMAGE_PIXELS = 16 * 1024 * 1024;
const MAX_SIDE = 10_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes start as (never the name or the type a sender claims). */
export function imageTypeOf(data: Buffer): ImageType | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const sizeFits = (width: number, height: number) => width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_IMAGE_PIXELS;

/** A PNG's size from its header (IHDR, the first chunk), before anything is decompressed. */
function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function decodes(data: Buffer, type: ImageType): boolean {
  try {
    if (type === 'image/png') {
      const size = pngSize(data);
      if (!size || !sizeFits(size.width, size.height)) return false;
      PNG.sync.read(data, { checkCRC: true });
      return true;
    }
    const image = jpeg.decode(data, { useTArray: true, tolerantDecoding: false, maxResolutionInMP: MAX_IMAGE_PIXELS / (1024 * 1024), maxMemoryUsageInMB: 128 });
    return sizeFits(image.width, image.height);
  } catch {
    return false;
  }
}

/**
 * The image's type when the bytes are a whole PNG or JPEG of a printable size, decoded in full;
 * undefined for anything else (another format, a truncated or corrupt file, one too large in pixels).
 * pdf-renderer.ts's `printableImage` adds the PDFs' own readers.
 */
export function decodableImage(data: Buffer): ImageType | undefined {
  const type = imageTypeOf(data);
  return type && decodes(data, type) ? type : undefined;
}
