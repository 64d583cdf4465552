import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const files = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).files;

describe('file storage settings', () => {
  it('keeps files in PostgreSQL unless told otherwise', () => {
    expect(files({})).toMatchObject({ store: 'postgres', s3: null });
  });

  it('reads the S3 settings, with the SDK default credentials when no keys are given', () => {
    expect(files({ FILE_STORE: 's3', S3_BUCKET: 'fnc', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toEqual({
      cleanupGraceMs: 24 * 60 * 60 * 1000,
      store: 's3',
      s3: { bucket: 'fnc', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, credentials: null, prefix: 'files/' },
    });
    // Still read with FILE_STORE=postgres: files kept in the bucket stay readable.
    expect(files({ S3_BUCKET: 'fnc', S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_PREFIX: 'prod/' })).toMatchObject({
      store: 'postgres',
      s3: { bucket: 'fnc', region: 'eu-west-2', credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, prefix: 'prod/' },
    });
  });

  it.each([
    [{ FILE_STORE: 'disk' }, "FILE_STORE must be postgres or s3, not 'disk'"],
    [{ FILE_STORE: 's3' }, 'FILE_STORE=s3 needs S3_BUCKET'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, "S3_ENDPOINT must be an http(s) URL, not 'minio:9000'"],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, "S3_FORCE_PATH_STYLE must be true or false, not 'yes'"],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_PREFIX: '/files/' }, "S3_PREFIX must not start with '/'"],
  ])('refuses to start with %o', (env, message) => {
    expect(() => files(env)).toThrow(message);
  });
});
