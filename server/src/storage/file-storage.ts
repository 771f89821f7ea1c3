import type { S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded files' bytes live: THE one interface every upload goes through (avatars, community
 * images, attachments). The `files` table keeps each file's id, owner and content type; the bytes are
 * stored under the file id. Local data folder by default (DATA_DIR/files), any S3-compatible store
 * (AWS S3, MinIO, Ceph, R2...) when S3_BUCKET is set, so any server instance serves any file.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number | null } | null>;
  delete(key: string): Promise<void>;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Empty for AWS itself; the store's URL otherwise (MinIO, ...). */
      endpoint: string;
      forcePathStyle: boolean;
      /** Both empty: the SDK's default credential chain (environment, instance role, ...). */
      accessKeyId: string;
      secretAccessKey: string;
    };

/** Keys are our own random ids; anything else (a path, a dot) is refused before it reaches a disk or a bucket. */
const KEY = /^[A-Za-z0-9_-]{1,128}$/;
function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key "${key}"`);
  return key;
}

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, checkKey(key));
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(this.dir, { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(temp, bytes);
    await fs.promises.rename(temp, target);
  }

  async get(key: string): Promise<{ body: Readable; size: number | null } | null> {
    const file = this.file(key);
    try {
      const stat = await fs.promises.stat(file);
      return { body: fs.createReadStream(file), size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}

/**
 * The S3 SDK is loaded on the first file operation, not when the process starts: most starts (every
 * operator command, a local-storage server) never touch it, and loading it costs a few hundred ms.
 */
const s3Sdk = () => import('@aws-sdk/client-s3');

export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private client: Promise<S3Client> | null = null;
  private readonly bucket: string;

  constructor(private readonly config: Extract<StorageConfig, { kind: 's3' }>) {
    this.bucket = config.bucket;
  }

  private s3(): Promise<S3Client> {
    const { config } = this;
    this.client ??= s3Sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: config.region,
          ...(config.endpoint ? { endpoint: config.endpoint } : {}),
          forcePathStyle: config.forcePathStyle,
          // Checksums only where an operation requires them: otherwise the SDK (3.729+) sends a streamed body
          // aws-chunked with a trailing checksum, which stores that do not speak it (older MinIO, Ceph, s3rver)
          // keep as the object's bytes.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          ...(config.accessKeyId ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
        }),
    );
    return this.client;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const [client, { PutObjectCommand }] = await Promise.all([this.s3(), s3Sdk()]);
    await client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<{ body: Readable; size: number | null } | null> {
    const [client, { GetObjectCommand, NoSuchKey }] = await Promise.all([this.s3(), s3Sdk()]);
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      if (!out.Body) return null;
      return { body: out.Body as Readable, size: out.ContentLength ?? null };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const [client, { DeleteObjectCommand }] = await Promise.all([this.s3(), s3Sdk()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }
}

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? new S3FileStorage(config) : new LocalFileStorage(config.dir);
}
