import fs from 'node:fs';
import sharp from 'sharp';
import { AppError } from '../../errors';

/**
 * THE image intake: every picture a member uploads (avatar, post image, join-group screenshot,
 * feedback attachment) becomes a stored file only through `decodeImage`. What is stored and later
 * served is never the uploaded bytes: it is the picture decoded and encoded again by libvips (sharp),
 * so whatever else the upload carried (EXIF and GPS metadata, text chunks, an HTML or script tail
 * after the image's end) is gone. Nothing reaches libvips unless its first bytes are one of the four
 * formats, so SVG, PDF, HTML or TIFF never meet a decoder.
 */

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
export const IMAGE_MIMES: readonly ImageMime[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * 16 megapixels: a 12 MP phone photo fits; a decompression bomb (a small file declaring a huge
 * picture) is refused from its header, before a pixel is decoded.
 */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

declare const decoded: unique symbol;

/** A picture the intake decoded and encoded again: the only thing the files feature stores. */
export interface DecodedImage {
  readonly bytes: Buffer;
  /** The stored type: an animated GIF keeps its first frame, as a PNG. */
  readonly mime: 'image/png' | 'image/jpeg' | 'image/webp';
  readonly width: number;
  readonly height: number;
  readonly [decoded]: true;
}

/** The type the first bytes announce, whatever the filename or declared type say; null for anything else. */
export function sniffImage(bytes: Buffer): ImageMime | null {
  const starts = (signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

const FORMAT_OF: Record<ImageMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' };

async function head(source: Buffer | string): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source.subarray(0, 16);
  const file = await fs.promises.open(source, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Decodes an upload (its bytes, or the spool file holding them) and encodes the picture again. Refused
 * with 415, the same on every route: a type other than PNG, JPEG, WebP or GIF (`unsupportedImage`),
 * and a file of one of them that does not decode whole within MAX_IMAGE_PIXELS: cut short, garbage
 * after the header, a bomb (`imageUnreadable`).
 */
export async function decodeImage(source: Buffer | string): Promise<DecodedImage> {
  const mime = sniffImage(await head(source));
  if (!mime) throw new AppError(415, 'unsupportedImage');
  try {
    // failOn 'error': a truncated or corrupt picture throws instead of decoding to grey. Only the first
    // frame of an animation is read (sharp's default), so the pixel limit bounds all the work.
    const image = sharp(source, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true });
    const { format } = await image.metadata();
    if (format !== FORMAT_OF[mime]) throw new AppError(415, 'imageUnreadable');
    // rotate(): EXIF orientation applied to the pixels, since the metadata does not survive.
    const oriented = image.rotate();
    const encoded =
      mime === 'image/jpeg' ? oriented.jpeg({ quality: 85 }) : mime === 'image/webp' ? oriented.webp({ quality: 85 }) : oriented.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const stored = mime === 'image/gif' ? 'image/png' : mime;
    return { bytes: data, mime: stored, width: info.width, height: info.height } as DecodedImage;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, 'imageUnreadable');
  }
}
