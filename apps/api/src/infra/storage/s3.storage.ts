import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { ErrorCode } from '@estancia/contracts';
import type { AppConfig } from '../config/config';
import { AppError } from '../http/app-error';
import { isSafeKey, type PresignOptions, Storage } from './storage.port';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, s3rver); unset: AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers reach the store, for presigned links, when it differs from `endpoint`. */
  publicEndpoint?: string;
}

/** The adapter's options from the validated configuration (S3_*). */
export function s3StorageOptions(config: AppConfig): S3StorageOptions {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
  };
}

/**
 * The origin presigned links point at, which the Content-Security-Policy must allow (img-src,
 * connect-src). The SDK's own rule: the bucket as a subdomain (virtual-hosted) unless path-style is
 * forced, the endpoint is an IP address, or the bucket's name cannot be a host label (dots over https).
 */
export function presignedOrigin(options: S3StorageOptions): string {
  const endpoint = options.publicEndpoint ?? options.endpoint;
  const url = new URL(
    endpoint ??
      `https://s3.${options.region}.${options.region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}`,
  );
  const virtualHosted =
    !options.forcePathStyle &&
    !isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
    hostLabels(options.bucket, url.protocol === 'http:');
  if (virtualHosted) url.hostname = `${options.bucket}.${url.hostname}`;
  return url.origin;
}

/** Whether a bucket name can lead a host name; over https a dotted name would not match the certificate. */
function hostLabels(bucket: string, dotsAllowed: boolean): boolean {
  if (bucket.length < 3 || bucket.length > 63 || /^\d+\.\d+\.\d+\.\d+$/.test(bucket)) return false;
  const labels = dotsAllowed ? bucket.split('.') : [bucket];
  return labels.every((label) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(label));
}

/** DeleteObjects takes at most this many keys, and ListObjectsV2 answers at most this many per page. */
const PAGE = 1000;
/** Readiness must answer quickly even when the store is a black hole. */
const CHECK_TIMEOUT_MS = 5000;

/**
 * Objects in one bucket of any S3-compatible store (STORAGE_DRIVER=s3), under the same keys as the
 * local directory. A PUT replaces an object whole, so readers never see half a file here either.
 */
export class S3Storage extends Storage {
  private readonly client: S3Client;
  /** Signs links against the address browsers use; signing makes no request. */
  private readonly signer: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    super();
    this.bucket = options.bucket;
    const shared: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
      // The SDK's default CRC32 checksums on every request are refused by many S3-compatible servers;
      // send them only where the API requires one (DeleteObjects).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client({ ...shared, endpoint: options.endpoint });
    this.signer = options.publicEndpoint
      ? new S3Client({ ...shared, endpoint: options.publicEndpoint })
      : this.client;
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const Key = this.key(key);
    // A Buffer has a known length, which a plain PutObject needs (our files are images of a few MB).
    const bytes = Buffer.isBuffer(body) ? body : await collect(body);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes }));
  }

  async get(key: string): Promise<Buffer> {
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
      .catch(notFound);
    if (!object.Body) throw new AppError(ErrorCode.NOT_FOUND);
    return Buffer.from(await object.Body.transformToByteArray());
  }

  async stream(key: string): Promise<Readable> {
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
      .catch(notFound);
    if (!(object.Body instanceof Readable)) throw new AppError(ErrorCode.NOT_FOUND);
    return object.Body;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    // `projects/p1` and `projects/p1/` both mean the folder: never `projects/p10/...` beside it.
    const folder = `${this.key(prefix.replace(/\/+$/, ''))}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, MaxKeys: PAGE, ContinuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length) {
        const answer = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length) {
          throw new Error(
            `S3 refused to delete ${failed.length} objects under ${folder}: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`,
          );
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async exists(key: string): Promise<boolean> {
    return this.head(key).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return false;
        throw error;
      },
    );
  }

  async size(key: string): Promise<number> {
    return (await this.head(key)).ContentLength ?? 0;
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  override async presignedUrl(key: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
      ResponseCacheControl: options.cacheControl,
    });
    return getSignedUrl(this.signer, command, { expiresIn: options.expiresIn });
  }

  private head(key: string) {
    return this.client
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
      .catch(notFound);
  }

  /** The same keys as the local directory: unsafe ones are refused before any request. */
  private key(key: string): string {
    if (!isSafeKey(key)) throw new AppError(ErrorCode.VALIDATION_FAILED, { key: 'invalid' });
    return key;
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** A missing object (GET answers NoSuchKey, HEAD a bare 404) is NOT_FOUND, as on the local disk. */
function notFound(error: unknown): never {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NoSuchKey' || name === 'NotFound') throw new AppError(ErrorCode.NOT_FOUND);
  throw error;
}
