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

// jsdom finds a label's control by walking the whole document for its `for` id, and a field's
// labels by asking every element of the document for its control: each accessible-name lookup of a
// role query was quadratic in the page, and a long form's role queries took most of a test's time.
// The same answers from the document's id index and a selector (HTML's "labelable" elements).
const LABELABLE = 'button, meter, output, progress, select, textarea, input:not([type="hidden" i])';
const jsdomControl = Object.getOwnPropertyDescriptor(HTMLLabelElement.prototype, 'control')!.get!;
function controlOf(this: HTMLLabelElement): HTMLElement | null {
  const root = this.getRootNode();
  if (!(root instanceof Document)) return jsdomControl.call(this);
  if (!this.hasAttribute('for')) return this.querySelector<HTMLElement>(LABELABLE);
  const id = this.getAttribute('for');
  const target = id ? root.getElementById(id) : null;
  return target?.matches(LABELABLE) ? target : null;
}
Object.defineProperty(HTMLLabelElement.prototype, 'control', { configurable: true, get: controlOf });
for (const type of [HTMLInputElement, HTMLTextAreaElement, HTMLSelectElement, HTMLButtonElement, HTMLMeterElement, HTMLOutputElement, HTMLProgressElement]) {
  const jsdomLabels = Object.getOwnPropertyDescriptor(type.prototype, 'labels')!.get!;
  Object.defineProperty(type.prototype, 'labels', {
    configurable: true,
    get(this: HTMLElement) {
      const root = this.getRootNode();
      if (!(root instanceof Document) || !this.matches(LABELABLE)) return jsdomLabels.call(this);
      // A label names this field by its id, or by holding it (without a `for` of its own).
      const candidates = [...(this.id ? root.querySelectorAll<HTMLLabelElement>(`label[for="${this.id.replace(/["\\]/g, '\\$&')}"]`) : [])];
      for (let up = this.parentElement; up; up = up.parentElement) if (up instanceof HTMLLabelElement) candidates.push(up);
      return candidates.filter((label) => label.control === this).sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    },
  });
}
