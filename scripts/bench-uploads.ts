/**
 * Upload memory benchmark: `npm run bench:uploads` (Linux: reads /proc for the server's memory).
 *   npm run bench:uploads                                  (a new PGlite database in a temporary directory)
 *   DATABASE_URL=postgres://…/db npm run bench:uploads     (a PostgreSQL server; its uploads stay until the clean-up job)
 * Starts the real server as a separate process (so the client's own buffers are not counted),
 * signs in a demo admin through the API (passcode read from the server log), then sends:
 *   one 10 MB image   the largest image enquiry/uploadImage takes (10 MB less one byte);
 *   3 × 5 MB          as many images at once as one admin may send (MAX_CONCURRENT_UPLOADS_PER_ADMIN);
 *   50 × 5 MB         fifty images at once by the same admin (past the per-admin limit: 429).
 * For each it prints the server's resident memory before, its peak while the uploads ran (sampled
 * every 10 ms), the growth, the answers by status and the time taken.
 */
import { startServerProcess } from './lib/serverProcess';
import { DOCUMENT_IMAGE_MAX_BYTES, MB } from '../domain/documents';

const { dataDir, ready, rssMb, call, signIn, stop } = await startServerProcess('bench-uploads');

/** The JSON body of an image upload of `size` bytes (a PNG signature, then a pattern). */
function uploadBody(size: number): string {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31) & 0xff;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return JSON.stringify({ file: bytes.toString('base64'), fileId: null, savedFilename: 'bench.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
}

interface Figures {
  scenario: string;
  beforeMb: number;
  peakMb: number;
  growthMb: number;
  statuses: string;
  seconds: number;
}

async function measure(scenario: string, count: number, body: string): Promise<Figures> {
  const beforeMb = rssMb();
  let peakMb = beforeMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 10);
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: count }, () => call('enquiry/uploadImage', body)));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakMb = Math.max(peakMb, rssMb());
  const byStatus = new Map<number, number>();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${n}×${s}`).join(', ');
  return { scenario, beforeMb, peakMb, growthMb: peakMb - beforeMb, statuses, seconds };
}

try {
  await ready;
  await signIn();
  // Warm-up: the upload path is loaded and compiled before anything is measured.
  const warm = await call('enquiry/uploadImage', uploadBody(64 * 1024));
  if (warm.status !== 200) throw new Error(`warm-up upload: ${warm.status} ${JSON.stringify(warm.json)}`);
  const rows = [
    await measure('one 10 MB image', 1, uploadBody(DOCUMENT_IMAGE_MAX_BYTES - 1)),
    await measure('3 × 5 MB at once', 3, uploadBody(5 * MB)),
    await measure('50 × 5 MB at once', 50, uploadBody(5 * MB)),
  ];
  const mb = (n: number) => `${n.toFixed(0)} MB`.padStart(8);
  console.log(`\nServer memory (resident) on ${dataDir ? 'PGlite' : 'PostgreSQL'}, Node ${process.version}`);
  console.log(`${'scenario'.padEnd(20)}${'before'.padStart(8)}${'peak'.padStart(8)}${'growth'.padStart(8)}  ${'time'.padStart(7)}  answers`);
  for (const r of rows) console.log(`${r.scenario.padEnd(20)}${mb(r.beforeMb)}${mb(r.peakMb)}${mb(r.growthMb)}  ${`${r.seconds.toFixed(1)} s`.padStart(7)}  ${r.statuses}`);
} finally {
  await stop();
}
