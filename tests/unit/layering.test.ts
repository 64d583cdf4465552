import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's layers, as imports: an area (resources/<area>) uses shared UI (src/), the domain and
 * the dataProvider, never another area; shared UI and the domain use no area.
 */
const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The repository-relative paths of what `file` imports relatively (static and dynamic imports). */
function relativeImports(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => path.join(path.dirname(file), m[1]));
}

const areaOf = (file: string) => (file.startsWith(`resources${path.sep}`) ? file.split(path.sep)[1] : null);

describe('layers', () => {
  it('no area imports another area', () => {
    const crossings = sourceFiles('resources').flatMap((file) =>
      relativeImports(file)
        .filter((target) => areaOf(target) !== null && areaOf(target) !== areaOf(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('shared UI, the dataProvider and the domain import no area', () => {
    const crossings = ['src', 'api', 'dataProvider', 'authProvider', 'domain'].flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        relativeImports(file)
          .filter((target) => areaOf(target) !== null)
          // The list of areas is where every area's React half is registered.
          .filter(() => file !== path.join('src', 'resources', 'index.tsx'))
          .map((target) => `${file} -> ${target}`),
      ),
    );
    expect(crossings).toEqual([]);
  });

  it('the two providers share api/ and do not import each other; api/ imports neither', () => {
    const forbidden: [from: string, to: string][] = [
      ['dataProvider', 'authProvider'],
      ['authProvider', 'dataProvider'],
      ['api', 'dataProvider'],
      ['api', 'authProvider'],
    ];
    const crossings = forbidden.flatMap(([from, to]) =>
      sourceFiles(from).flatMap((file) =>
        relativeImports(file)
          .filter((target) => target === to || target.startsWith(`${to}${path.sep}`))
          .map((target) => `${file} -> ${target}`),
      ),
    );
    expect(crossings).toEqual([]);
  });
});
