import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The save-once browser test covers the forms tests/support/savedForms.ts lists. Every screen that
 * saves through the form hooks must be listed there; read as text, as that file drives a browser.
 */
const ROOT = path.resolve(__dirname, '../..');
const FORM_HOOK = /\b(useRecordSave|useVersionedDrawerForm|useVersionedSave|useDrawerForm)\s*[<(]/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('the saved forms of the save-once test', () => {
  it('list every screen that saves through a form hook', () => {
    const registry = fs.readFileSync(path.join(ROOT, 'tests/support/savedForms.ts'), 'utf8');
    const listed = new Set([...registry.matchAll(/sources: \[([^\]]*)\]/g)].flatMap((m) => [...m[1].matchAll(/'([^']+)'/g)].map((q) => q[1])));
    const forms = [...sourceFiles('resources'), ...sourceFiles('src')].filter((f) => !f.startsWith('src/ui/forms/') && FORM_HOOK.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(forms.length).toBeGreaterThan(10);
    expect(forms.filter((f) => !listed.has(f))).toEqual([]);
    for (const f of listed) expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
  });
});
