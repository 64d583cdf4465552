/**
 * Stores an uploaded document as its bytes arrive: the type is read from the first bytes (PNG,
 * JPEG or PDF signature), then every byte goes straight to the file store, and the upload is
 * refused the moment it reaches its type's limit. Nothing is readable until finish(); a refused
 * upload is removed, and one cut off by a crash stays incomplete until the clean-up job takes it.
 */
import { SNIFF_BYTES, maxBytesFor, sniffDocumentType, type DocumentContentType } from '../../domain/documents';
import type { Tx } from '../db/client';
import { FileWriter, type FileStore, type StoredFile } from './storage';

/** The bytes are not a document the call accepts (type, empty, or too large). */
export class DocumentRejected extends Error {
  constructor() {
    super('Document rejected');
  }
}

export class DocumentUpload {
  private head: Buffer[] = [];
  private headBytes = 0;
  private writer: FileWriter | null = null;
  private type: DocumentContentType | null = null;

  constructor(
    private readonly store: FileStore,
    private readonly db: Tx,
    private readonly meta: { createdBy: string | null; createdAt: Date },
  ) {}

  /** Takes the next bytes; throws DocumentRejected as soon as the file cannot be accepted. */
  readonly write = async (bytes: Buffer): Promise<void> => {
    if (!this.writer) {
      this.head.push(bytes);
      this.headBytes += bytes.length;
      if (this.headBytes < SNIFF_BYTES) return;
      await this.open();
      return;
    }
    if (this.writer.bytesWritten + bytes.length >= maxBytesFor(this.type!)) throw new DocumentRejected();
    await this.writer.write(bytes);
  };

  private async open(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = sniffDocumentType(head);
    if (!this.type || head.length >= maxBytesFor(this.type)) throw new DocumentRejected();
    // The name is known only once the whole body is read (it may follow the file): finish() sets it.
    this.writer = await FileWriter.open(this.store, this.db, { name: 'upload', contentType: this.type, ...this.meta });
    await this.writer.write(head);
  }

  /** Makes the file readable under `name` (inside the caller's transaction). */
  async finish(tx: Tx, name: string): Promise<StoredFile> {
    if (!this.writer && this.headBytes > 0) await this.open();
    if (!this.writer) throw new DocumentRejected();
    return this.writer.finish({ db: tx, name });
  }

  /** Removes whatever was stored of a refused upload. */
  async discard(): Promise<void> {
    if (this.writer) await this.writer.abort().catch(() => undefined);
  }
}
