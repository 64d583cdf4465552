import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as reactAdmin from 'react-admin';

/**
 * The console's components never take a react-admin export's name: a reader (or an import added
 * by an editor) must not mistake a console widget for react-admin's own.
 */
const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every name a file exports as a const, function or class (export default function Name too). */
function exportedNames(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^export\s+(?:default\s+)?(?:const|let|function\*?|class|async\s+function)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);
}

const exported = ['src', 'resources'].flatMap((dir) =>
  sourceFiles(join(ROOT, dir)).flatMap((file) => exportedNames(file).map((name) => ({ name, file: relative(ROOT, file) }))),
);
const reactAdminNames = new Set(Object.keys(reactAdmin));

describe('console widget names', () => {
  it('finds the exports of src/ and resources/, and react-admin’s', () => {
    expect(exported.length).toBeGreaterThan(100);
    expect(reactAdminNames.has('TextInput')).toBe(true);
  });

  it('gives no console export a react-admin export’s name', () => {
    const clashes = exported.filter((e) => reactAdminNames.has(e.name)).map((e) => `${e.name} (${e.file})`);
    expect(clashes).toEqual([]);
  });
});
