import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App';

// The Content-Security-Policy forbids eval, so zod cannot compile its parsers here anyway; saying
// so up front spares the blocked probe (and its violation report) on every page load.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
