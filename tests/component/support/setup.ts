import '../../../src/zodConfig';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts on an empty page: what the last one rendered is unmounted (its timers and
// queries with it), as testing-library does itself only when vitest's globals are on.
afterEach(() => cleanup());

// jsdom lacks what MUI and the console's layout ask the browser for; answer as a desktop would.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
