import zlib from 'node:zlib';

/** Brotli (best) and gzip -9 copies of a text file, for servers that send a pre-compressed copy. */
export function compressedCopies(buffer: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
    gz: zlib.gzipSync(buffer, { level: 9 }),
  };
}
