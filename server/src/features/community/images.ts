import sharp from 'sharp';
import { AppError } from '../../errors';

const FORMATS = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' } as const;
/** 16 megapixels: a phone photo fits, a decompression bomb does not (its pixels would be decoded into memory). */
const MAX_PIXELS = 4096 * 4096;

/**
 * Proves that the bytes are an image by decoding every pixel (libvips through sharp), not by trusting
 * the filename, the declared type or the first bytes: a file that is cut short, a renamed document or
 * an SVG (which could carry script) is refused. Returns the media type to store it with.
 */
export async function decodedImageType(bytes: Buffer): Promise<(typeof FORMATS)[keyof typeof FORMATS]> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS });
    const { format } = await image.metadata();
    const mime = format ? FORMATS[format as keyof typeof FORMATS] : undefined;
    if (!mime) throw new AppError(415, 'unsupportedImage');
    await image.raw().toBuffer();
    return mime;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, 'imageUnreadable');
  }
}
