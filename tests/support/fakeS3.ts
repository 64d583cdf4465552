import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Config } from '../../server/integrations/files/s3';

/**
 * A local S3-compatible service (s3rver: the S3 REST API over a directory, with S3's error answers)
 * on a random port, with one empty bucket; the S3 file store's tests talk to it, never to AWS. It runs
 * in a child process, as a real service would, so the test's memory is the client's alone.
 */
export interface FakeS3 {
  config: S3Config;
  /** The settings as environment variables (README "File storage"), for loadConfig. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const SERVER = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then((a) => console.log(JSON.stringify({ port: a.port })));
process.stdin.on('end', () => process.exit(0)).resume();
`;

export async function startFakeS3(bucket = 'fnc-files'): Promise<FakeS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-s3-'));
  // Ends when the test process closes its stdin (or dies).
  const child = spawn(process.execPath, ['-e', SERVER, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's built-in key pair.
  const config: S3Config = { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, prefix: 'files/' };
  return {
    config,
    env: { FILE_STORE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'files/' },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
