import { z } from 'zod';

// The Content-Security-Policy forbids eval, so zod cannot compile its parsers here anyway; saying
// so up front spares the blocked probe (and its violation report). A module of its own, imported
// first by main.tsx: modules run in import order, and some parse while they load.
z.config({ jitless: true });
