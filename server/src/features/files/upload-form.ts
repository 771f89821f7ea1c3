import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { multipartText } from '../../plugins/contract';
import { decodeImage, type DecodedImage } from './intake';

/**
 * The one reader of every upload route's multipart body. Each file part is streamed to a spool file
 * (never held whole in memory), refused at the route's size limit (413), then decoded and encoded
 * again by the intake (intake.ts); the spool file is always removed. The routes get only decoded
 * images and their text fields: nothing is stored here, so a refusal leaves nothing behind.
 */

export interface UploadForm {
  /** The name of the file parts this route takes; file parts of other names are read and dropped. */
  field: string;
  /** At most this many file parts in the body; more is refused with `tooMany` (default 400). */
  maxFiles: number;
  tooMany?: () => AppError;
  /** At most this many bytes per file; more is refused with 413 `tooLarge` (the limit in MB in its text). */
  maxBytes: number;
  tooLarge: 'fileTooLarge' | 'attachmentTooLarge';
  /**
   * The text fields kept, read as the schemas read a form's (`multipartText`: trimmed, a control
   * character refused with 400 like the JSON routes' text fields); others are dropped.
   */
  fields?: readonly string[];
  /** Bytes per text field (default 16 KB). */
  fieldBytes?: number;
}

export interface ReadForm {
  fields: Record<string, string>;
  /** The decoded images of the non-empty file parts named `field`, in order. */
  images: DecodedImage[];
}

/** A name as a browser sends it: a base name, never a path, a parent or a control character. */
const SAFE_FILENAME = /^(?!\.{1,2}$)[^/\\\x00-\x1f\x7f]{0,255}$/;

async function spoolAndDecode(file: Readable & { truncated?: boolean }, form: UploadForm): Promise<DecodedImage | null> {
  const dir = path.join(os.tmpdir(), 'rigshare-uploads');
  await fs.promises.mkdir(dir, { recursive: true });
  const spool = path.join(dir, `${crypto.randomUUID()}.part`);
  try {
    await pipeline(file, fs.createWriteStream(spool));
    if (file.truncated) throw new AppError(413, form.tooLarge, { limit: `${form.maxBytes / 1024 / 1024} MB` });
    if ((await fs.promises.stat(spool)).size === 0) return null;
    return await decodeImage(spool);
  } finally {
    await fs.promises.rm(spool, { force: true });
  }
}

export async function readImageForm(request: FastifyRequest, form: UploadForm): Promise<ReadForm> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupportedMediaType');
  const read: ReadForm = { fields: {}, images: [] };
  const wanted = new Set(form.fields ?? []);
  try {
    // preservePath: the name as sent, so a path in it (../../x.png: only a hand-made request sends one) is refused, not shortened.
    const parts = request.parts({ preservePath: true, limits: { fileSize: form.maxBytes, files: form.maxFiles, fields: wanted.size + 3, fieldSize: form.fieldBytes ?? 16 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (wanted.has(part.fieldname)) read.fields[part.fieldname] = multipartText(part.value);
        continue;
      }
      if (!SAFE_FILENAME.test(part.filename ?? '')) {
        part.file.resume();
        throw new AppError(400, 'badRequest');
      }
      if (part.fieldname !== form.field) {
        part.file.resume();
        continue;
      }
      const image = await spoolAndDecode(part.file, form);
      if (image) read.images.push(image);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, form.tooLarge, { limit: `${form.maxBytes / 1024 / 1024} MB` });
    if (code === 'FST_FILES_LIMIT') throw form.tooMany?.() ?? new AppError(400, 'badRequest');
    if (statusCode && statusCode >= 400 && statusCode < 500) throw error;
    throw new AppError(400, 'badRequest');
  }
  return read;
}
