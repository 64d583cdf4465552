// A worker thread loads its entry with Node's own loader, which cannot read TypeScript.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pgliteWorker.ts', import.meta.url);
