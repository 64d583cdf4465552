import '../../../src/zodConfig';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts on an empty page: what the last one rendered is unmounted (its timers and
// queries with it), as testing-library does itself only when vitest's globals are on.
afterEach(() => cleanup());

// findBy and waitFor wait up to 10 s (1 s by default), as the e2e polls do on a busy machine.
// Role queries skip the visibility check of every element (jsdom computes each style afresh, which
// made one query of a long form take seconds): a form's fields are on the page, not hidden.
configure({ defaultHidden: true, asyncUtilTimeout: 10_000 });

// jsdom's getComputedStyle runs every style sheet rule against the element, and MUI's styles are
// thousands of rules: the accessible-name lookups of role queries called it for each field and
// took seconds. jsdom lays nothing out, so the inline style is all a style can tell here.
window.getComputedStyle = (element: Element) => (element as HTMLElement).style ?? document.createElement('div').style;

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
