/**
 * The S3-compatible byte store (FILE_STORE=s3): each file's bytes are one object, key = prefix + file
 * id, through @aws-sdk/client-s3. A streamed write is a multipart upload of PART_BYTES parts (memory
 * holds at most one part); a file smaller than one part is a single PutObject at finish. Reads
 * stream GetObject's body.
 *
 * S3 is not part of our transactions. Bytes are written before the row says the file is complete, and
 * deleteFile only removes the row (in the caller's transaction, which may still roll back); an object
 * whose row is gone or never completed is removed by the hourly clean-up (sweep) once it is older than
 * the grace period, so neither a rolled-back insert nor a rolled-back delete loses or strands anything
 * for long. Multipart uploads cut off by a crash are left to the bucket's lifecycle rule (README).
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Tx } from '../../db/client';
import { Pending, type BodyWriter, type FileBodies, type FileRef } from './bodies';

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (or the test fake's); empty for AWS itself. */
  endpoint: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Explicit keys; null uses the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Put before each file id in the object key, e.g. 'files/'. */
  prefix: string;
}

/** S3's smallest part but the last: the most a streamed write holds in memory. */
export const PART_BYTES = 5 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the API requires them: S3-compatible services do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

class MultipartWriter implements BodyWriter {
  private readonly pending = new Pending();
  private uploadId: string | null = null;
  private readonly parts: { ETag: string | undefined; PartNumber: number }[] = [];
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
  ) {}

  async write(data: Buffer): Promise<void> {
    this.pending.push(data);
    while (this.pending.bytes >= PART_BYTES) await this.failSafe(() => this.uploadPart(this.pending.take(PART_BYTES)));
  }

  private async uploadPart(body: Buffer): Promise<void> {
    if (!this.uploadId) {
      const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key }));
      if (!created.UploadId) throw new Error('S3 answered no UploadId');
      this.uploadId = created.UploadId;
    }
    const PartNumber = this.parts.length + 1;
    const part = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body, ContentLength: body.length }));
    this.parts.push({ ETag: part.ETag, PartNumber });
  }

  async finish(): Promise<{ chunkCount: number }> {
    await this.failSafe(async () => {
      if (!this.uploadId) {
        const body = this.pending.take();
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key, Body: body, ContentLength: body.length }));
        return;
      }
      if (this.pending.bytes > 0) await this.uploadPart(this.pending.take());
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }));
    });
    return { chunkCount: 0 };
  }

  async abort(): Promise<void> {
    const uploadId = this.uploadId;
    this.uploadId = null;
    this.pending.take();
    if (!uploadId) return;
    // Best effort: what is left behind goes with the bucket's lifecycle rule.
    await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: uploadId })).catch(() => undefined);
  }

  private async failSafe(step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (err) {
      await this.abort();
      throw err;
    }
  }
}

async function* objectBody(client: S3Client, bucket: string, key: string): AsyncGenerator<Buffer> {
  const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  // In Node the body is a Readable; leaving this loop early (a reader gone) destroys it.
  for await (const chunk of out.Body as Readable) yield chunk as Buffer;
}

/** Object keys under the prefix, a page (at most 1000) at a time, with when each was written. */
async function* listPages(client: S3Client, bucket: string, prefix: string): AsyncGenerator<{ key: string; at: Date }[]> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    yield (page.Contents ?? []).map((o) => ({ key: o.Key ?? '', at: o.LastModified ?? new Date() }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

export function s3Bodies(config: S3Config, client: S3Client = createS3Client(config)): FileBodies & { client: S3Client; keyOf(id: string): string } {
  const keyOf = (id: string) => `${config.prefix}${id}`;
  return {
    kind: 's3',
    client,
    keyOf,
    async putWhole(id, data) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(id), Body: data, ContentLength: data.length }));
      return { content: Buffer.alloc(0) };
    },
    openWriter: (_db, id) => new MultipartWriter(client, config.bucket, keyOf(id)),
    read: (_db: Tx, file: FileRef) => objectBody(client, config.bucket, keyOf(file.id)),
    async sweep(db, cutoff) {
      let removed = 0;
      for await (const page of listPages(client, config.bucket, config.prefix)) {
        // Only our own keys (prefix + a file id), and only old ones: a newer object may belong to a
        // write whose row is not yet committed.
        const old = page.filter((o) => o.at < cutoff && UUID.test(o.key.slice(config.prefix.length)));
        if (old.length === 0) continue;
        const ids = old.map((o) => o.key.slice(config.prefix.length));
        const kept = (await db.execute(sql`SELECT id FROM files WHERE store = 's3' AND complete AND id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`)) as unknown as { rows: { id: string }[] };
        const keep = new Set(kept.rows.map((r) => r.id));
        const doomed = old.filter((o) => !keep.has(o.key.slice(config.prefix.length)));
        if (doomed.length === 0) continue;
        const out = await client.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: doomed.map((o) => ({ Key: o.key })), Quiet: true } }));
        // Quiet: only failures are listed; they are tried again on the next run.
        removed += doomed.length - (out.Errors?.length ?? 0);
      }
      return removed;
    },
  };
}
