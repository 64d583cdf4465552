import { eq } from 'drizzle-orm';
import { searchKeys } from '../../server/db/schema';
import { changeTriggersSql } from '../../server/search/cache';
import { registerCollection } from '../../server/search/collections';
import { generateScopedKey } from '../../server/search/scopedKey';
import type { CollectionDef } from '../../server/search/types';
import { Browser, createAdmin, type TestApp } from '../support/app';

/**
 * A fixture collection for the engine tests, on a table the tests create themselves, so the
 * engine is tested apart from the product's tables. Rows are inserted in `seq` order.
 */
export const BOOKS: CollectionDef = {
  name: 'books',
  source: 'search_fixture_books',
  id: 'd.id',
  seq: 'd.seq',
  tsvector: 'd.search_tsv',
  fields: [
    { name: 'title', type: 'string', sql: 'd.title', search: true, weight: 'A', filter: true, sort: true },
    { name: 'authors', type: 'string[]', sql: 'd.authors', search: true, filter: true, facet: true },
    { name: 'genre', type: 'string', sql: 'd.genre', search: true, weight: 'B', filter: true, facet: true, sort: true },
    { name: 'status', type: 'string', sql: 'd.status', filter: true, facet: true, code: true },
    { name: 'year', type: 'int32', sql: 'd.year', filter: true, facet: true, sort: true },
    { name: 'pages', type: 'int64', sql: 'd.pages', filter: true, sort: true },
    { name: 'rating', type: 'float', sql: 'd.rating', filter: true, facet: true, sort: true },
    { name: 'in_print', type: 'bool', sql: 'd.in_print', filter: true, facet: true, sort: true },
  ],
};

/** Same rows without a default sorting field and without a stored tsvector (built inline). */
export const BOOKS_PLAIN: CollectionDef = {
  ...BOOKS,
  name: 'books_plain',
  tsvector: undefined,
  fields: BOOKS.fields.map((f) => ({ ...f, weight: undefined })),
};
export const BOOKS_RANKED: CollectionDef = { ...BOOKS, name: 'books_ranked', defaultSortingField: 'year' };

export interface Book {
  id: string;
  title: string | null;
  authors: string[] | null;
  genre: string | null;
  status: string;
  year: number | null;
  pages: number | null;
  rating: number | null;
  in_print: boolean | null;
}

export const ROWS: Book[] = [
  { id: 'b1', title: 'Harry Potter and the Philosopher Stone', authors: ['J. K. Rowling'], genre: 'Fantasy', status: 'ACTIVE', year: 1997, pages: 223, rating: 4.5, in_print: true },
  { id: 'b2', title: 'Harry Potter and the Chamber of Secrets', authors: ['J. K. Rowling'], genre: 'Fantasy', status: 'ACTIVE', year: 1998, pages: 251, rating: 4.25, in_print: true },
  { id: 'b3', title: 'The Hobbit', authors: ['J. R. R. Tolkien'], genre: 'Fantasy', status: 'ACTIVE', year: 1937, pages: 310, rating: 4.75, in_print: true },
  { id: 'b4', title: 'Dune', authors: ['Frank Herbert'], genre: 'Sci-Fi', status: 'TERMINATED', year: 1965, pages: 412, rating: 4.5, in_print: false },
  { id: 'b5', title: 'Neuromancer', authors: ['William Gibson'], genre: 'Sci-Fi', status: 'ACTIVE', year: 1984, pages: 271, rating: null, in_print: null },
  { id: 'b6', title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'], genre: 'Fantasy, Comedy', status: 'ACTIVE', year: 1990, pages: 288, rating: 4.0, in_print: true },
  { id: 'b7', title: 'Sneaker (Men) Handbook', authors: null, genre: null, status: 'SUSPENDED', year: null, pages: null, rating: null, in_print: false },
  { id: 'b8', title: 'Smith Motors Workshop Manual', authors: ['John Smith'], genre: 'Manual', status: 'ACTIVE', year: 2001, pages: 120, rating: 3.0, in_print: true },
  { id: 'b9', title: '', authors: ['Anonymous'], genre: 'Poetry', status: 'TERMINATED', year: 1850, pages: 80, rating: 2.5, in_print: false },
  { id: 'b10', title: 'Dune Messiah', authors: ['Frank Herbert'], genre: 'Sci-Fi', status: 'ACTIVE', year: 1969, pages: 256, rating: 4.0, in_print: true },
];

export async function createFixture(t: TestApp): Promise<void> {
  const q = t.services.database.query.bind(t.services.database);
  await q(`CREATE TABLE search_fixture_books (
    seq bigserial PRIMARY KEY,
    id text NOT NULL UNIQUE,
    title text, authors text[], genre text, status text NOT NULL,
    year integer, pages bigint, rating double precision, in_print boolean,
    search_tsv tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(genre, '')), 'B')
    ) STORED
  )`);
  // The answer cache learns of changes through the same triggers as the product's tables.
  for (const trigger of changeTriggersSql('search_fixture_books', { compared: ['status'] })) await q(trigger);
  for (const r of ROWS) {
    await q(
      'INSERT INTO search_fixture_books (id, title, authors, genre, status, year, pages, rating, in_print) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [r.id, r.title, r.authors, r.genre, r.status, r.year, r.pages, r.rating, r.in_print],
    );
  }
  for (const c of [BOOKS, BOOKS_PLAIN, BOOKS_RANKED]) registerCollection(c);
}

export interface SignedIn {
  browser: Browser;
  /** The scoped key from session/getSessionToken. */
  key: string;
  /** The session's parent key, read from the database to mint test keys. */
  parent: string;
  sessionId: string;
}

/**
 * Signs in an admin, asks session/getSessionToken for its key, and widens the session's parent key
 * to the fixture collections (the product's list comes from domain/search.ts).
 */
export async function signInWithKey(t: TestApp, email: string, role = 'SUPER_ADMIN', extraCollections = ['books', 'books_plain', 'books_ranked']): Promise<SignedIn> {
  await createAdmin(t, role, email);
  const browser = new Browser(t);
  await browser.signIn(email);
  const res = await browser.get('session/getSessionToken');
  if (res.statusCode !== 200) throw new Error(`getSessionToken: ${res.statusCode} ${res.body}`);
  const key = res.json().key as string;
  const [row] = await t.services.db.select().from(searchKeys).orderBy(searchKeys.createdAt);
  const rows = await t.services.db.select().from(searchKeys);
  const mine = rows.find((r) => r.value.slice(0, 4) === Buffer.from(key, 'base64').subarray(44, 48).toString('latin1')) ?? row;
  await t.services.db
    .update(searchKeys)
    .set({ collections: [...mine.collections, ...extraCollections] })
    .where(eq(searchKeys.id, mine.id));
  return { browser, key, parent: mine.value, sessionId: mine.sessionId };
}

/** A scoped key of `parent` with these embedded parameters. */
export const scoped = (parent: string, params: Record<string, unknown>) => generateScopedKey(parent, params);
