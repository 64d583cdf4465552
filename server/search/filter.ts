import { errors } from './errors';
import type { SqlParams } from './sqlParams';
import type { CollectionDef, FieldDef } from './types';
import { prefixTsquery } from './textQuery';

/**
 * filter_by (reference §3): tokenizer, a parser in which `&&` and `||` have the same precedence and
 * group left to right (as Typesense does, unlike C), and a compiler to a parameterised SQL boolean.
 */

type Token = { t: '(' } | { t: ')' } | { t: '&&' } | { t: '||' } | { t: 'cond'; text: string };
export type FilterNode = { op: '&&' | '||'; left: FilterNode; right: FilterNode } | { cond: string };

const MAX_OPERATORS = 100;
/** Parentheses deeper than this are refused: the parser recurses once per level. */
export const MAX_FILTER_NESTING = 32;

export function tokenizeFilter(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      out.push({ t: ch });
      i++;
    } else if (ch === '&' || ch === '|') {
      if (s[i + 1] !== ch) throw errors.filterLoneOperator();
      out.push({ t: ch === '&' ? '&&' : '||' });
      i += 2;
    } else {
      // A condition runs to the next unquoted parenthesis, `&` or `|`; backticks quote.
      let j = i;
      let quoted = false;
      while (j < s.length) {
        const c = s[j];
        if (quoted) {
          if (c === '\\' && s[j + 1] === '`') j += 2;
          else {
            if (c === '`') quoted = false;
            j++;
          }
          continue;
        }
        if (c === '`') quoted = true;
        else if (c === '(' || c === ')' || c === '&' || c === '|') break;
        j++;
      }
      out.push({ t: 'cond', text: s.slice(i, j).trim() });
      i = j;
    }
  }
  return out;
}

export function parseFilter(s: string): FilterNode | null {
  if (s.trim() === '') return null;
  const tokens = tokenizeFilter(s);
  let depth = 0;
  let operators = 0;
  for (const tok of tokens) {
    if (tok.t === '(' && ++depth > MAX_FILTER_NESTING) throw errors.filterTooDeep(MAX_FILTER_NESTING);
    if (tok.t === ')' && --depth < 0) throw errors.filterParens();
    if (tok.t === '&&' || tok.t === '||') operators++;
  }
  if (depth !== 0) throw errors.filterParens();
  if (operators > MAX_OPERATORS) throw errors.filterTooManyOps();
  let pos = 0;
  const operand = (): FilterNode => {
    const tok = tokens[pos];
    if (tok?.t === 'cond') {
      pos++;
      return { cond: tok.text };
    }
    if (tok?.t === '(') {
      pos++;
      const e = expr();
      if (tokens[pos]?.t !== ')') throw errors.filterParens();
      pos++;
      return e;
    }
    throw errors.filterOperands();
  };
  const expr = (): FilterNode => {
    let node = operand();
    for (let tok = tokens[pos]; tok && (tok.t === '&&' || tok.t === '||'); tok = tokens[pos]) {
      pos++;
      node = { op: tok.t, left: node, right: operand() };
    }
    return node;
  };
  const root = expr();
  if (pos !== tokens.length) throw tokens[pos].t === ')' ? errors.filterParens() : errors.filterOperands();
  return root;
}

/** Splits `[a, `b, c`, d]` on commas outside backticks; null when the value is not a list. */
function listItems(value: string): string[] | null {
  if (!value.startsWith('[')) return null;
  if (!value.endsWith(']')) throw errors.filterParse();
  const inner = value.slice(1, -1);
  const items: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quoted && c === '\\' && inner[i + 1] === '`') {
      cur += '\\`';
      i++;
      continue;
    }
    if (c === '`') quoted = !quoted;
    if (c === ',' && !quoted) {
      items.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  items.push(cur.trim());
  return items;
}

interface Literal {
  text: string;
  quoted: boolean;
}

function unquote(v: string): Literal {
  if (v.length >= 2 && v.startsWith('`') && v.endsWith('`')) return { text: v.slice(1, -1).replace(/\\`/g, '`'), quoted: true };
  return { text: v, quoted: false };
}

function values(field: string, rest: string): Literal[] {
  const items = listItems(rest) ?? [rest];
  const lits = items.map(unquote);
  if (lits.length === 0 || lits.some((l) => l.text.trim() === '')) throw errors.filterEmptyValue(field);
  return lits;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const negate = (sql: string) => `NOT coalesce(${sql}, false)`;
const anyOf = (parts: string[]) => (parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);

/** Token-level normalisation used for `:=` on strings: case and punctuation do not matter. */
export const normSql = (x: string) => `btrim(regexp_replace(lower(${x}), '[^[:alnum:]]+', ' ', 'g'))`;
export const normJs = (x: string) =>
  x
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Wraps a per-value condition for array fields: any element may match. */
function perElement(f: FieldDef, cond: (v: string) => string): string {
  if (f.type.endsWith('[]')) return `EXISTS (SELECT 1 FROM unnest(${f.sql}) AS u(v) WHERE ${cond('u.v')})`;
  return cond(f.sql);
}

function stringCondition(f: FieldDef, rest: string, p: SqlParams): string {
  let op: 'contains' | 'exact' = 'contains';
  let neg = false;
  if (rest.startsWith('!=')) [op, neg, rest] = ['exact', true, rest.slice(2)];
  else if (rest.startsWith('!')) [neg, rest] = [true, rest.slice(1)];
  else if (rest.startsWith('=')) [op, rest] = ['exact', rest.slice(1)];
  rest = rest.trim();
  if (rest === '') throw errors.filterEmptyValue(f.name);
  const parts = values(f.name, rest).map((lit) => {
    const prefix = !lit.quoted && lit.text.endsWith('*') && lit.text.length > 1;
    const text = prefix ? lit.text.slice(0, -1) : lit.text;
    if (op === 'exact') {
      if (prefix) {
        const v = p.add(`${normJs(text)}%`);
        return perElement(f, (x) => `${normSql(x)} LIKE ${v}`);
      }
      if (f.uuid && !f.type.endsWith('[]')) {
        const id = text.trim().toLowerCase();
        return UUID.test(id) ? `${f.uuid} = ${p.add(id, 'uuid')}` : 'FALSE';
      }
      if (f.code) {
        const v = p.add(text.trim().toLowerCase());
        return perElement(f, (x) => `lower(${x}) = ${v}`);
      }
      const v = p.add(normJs(text));
      return perElement(f, (x) => `${normSql(x)} = ${v}`);
    }
    const phrase = !lit.quoted && text.length >= 2 && text.startsWith('"') && text.endsWith('"');
    const tsq = phrase
      ? `phraseto_tsquery('simple', ${p.add(text.slice(1, -1))})`
      : prefix
        ? `to_tsquery('simple', ${p.add(prefixTsquery(text))})`
        : `plainto_tsquery('simple', ${p.add(text)})`;
    return perElement(f, (x) => `to_tsvector('simple', coalesce(${x}, '')) @@ ${tsq}`);
  });
  const sql = anyOf(parts);
  return neg ? negate(sql) : sql;
}

const INT32 = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n] as const;

function numberLiteral(f: FieldDef, v: string): string {
  const t = v.trim();
  if (/^[<>=!]/.test(t)) throw errors.filterComparator(f.name);
  if (f.type === 'float') {
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) throw errors.filterNotType(f.name, 'a float');
    // 1e400 is no double (PostgreSQL would refuse it); 1e-400 rounds to 0 as a double does.
    const n = Number(t);
    if (!Number.isFinite(n)) throw errors.filterNotType(f.name, 'a float');
    return String(n);
  }
  const kind = f.type === 'int32' ? 'an int32' : 'an int64';
  if (!/^-?\d+$/.test(t)) throw errors.filterNotType(f.name, kind);
  const [lo, hi] = f.type === 'int32' ? INT32 : INT64;
  const n = BigInt(t);
  if (n < lo || n > hi) throw errors.filterRange(f.name, t, kind);
  return t;
}

function numericCondition(f: FieldDef, rest: string, p: SqlParams): string {
  let neg = false;
  if (rest.startsWith('!=')) [neg, rest] = [true, rest.slice(2)];
  else if (rest.startsWith('!')) [neg, rest] = [true, rest.slice(1)];
  else if (/^=\s*\[/.test(rest)) rest = rest.slice(1);
  rest = rest.trim();
  if (rest === '') throw errors.filterEmptyValue(f.name);
  const cast = f.type === 'float' ? 'float8' : 'int8';
  const items = listItems(rest) ?? [rest];
  if (items.length === 0 || items.some((i) => i === '')) throw errors.filterEmptyValue(f.name);
  const parts = items.map((item) => {
    const m = /^(>=|<=|>|<|=)?\s*(.*)$/s.exec(item)!;
    const cmp = m[1] && m[1] !== '=' ? m[1] : '=';
    const body = m[2];
    if (body === '') throw errors.filterEmptyValue(f.name);
    const range = /^(.*?)\.\.(.*)$/s.exec(body);
    if (range && !m[1]) {
      const lo = p.add(numberLiteral(f, range[1]), cast);
      const hi = p.add(numberLiteral(f, range[2]), cast);
      return perElement(f, (x) => `(${x} >= ${lo} AND ${x} <= ${hi})`);
    }
    const v = p.add(numberLiteral(f, body), cast);
    return perElement(f, (x) => `${x} ${cmp} ${v}`);
  });
  const sql = anyOf(parts);
  return neg ? negate(sql) : sql;
}

function boolCondition(f: FieldDef, rest: string, p: SqlParams): string {
  let neg = false;
  if (rest.startsWith('!=')) [neg, rest] = [true, rest.slice(2)];
  else if (rest.startsWith('!')) [neg, rest] = [true, rest.slice(1)];
  else if (rest.startsWith('=')) rest = rest.slice(1);
  rest = rest.trim();
  if (rest === '') throw errors.filterEmptyValue(f.name);
  const parts = values(f.name, rest).map((lit) => {
    if (lit.text.trim() !== 'true' && lit.text.trim() !== 'false') throw errors.filterBool(f.name);
    return `${f.sql} = ${p.add(lit.text.trim() === 'true', 'boolean')}`;
  });
  const sql = anyOf(parts);
  return neg ? negate(sql) : sql;
}

function idCondition(c: CollectionDef, rest: string, p: SqlParams): string {
  let neg = false;
  if (rest.startsWith('!=')) [neg, rest] = [true, rest.slice(2)];
  else if (rest.startsWith('=')) rest = rest.slice(1);
  rest = rest.trim();
  if (rest === '*' && !neg) return 'TRUE';
  if (rest === '') throw errors.filterEmptyValue('id');
  const ids = values('id', rest).map((l) => l.text.trim());
  const sql = `${c.id} = ANY(${p.add(ids, 'text[]')})`;
  return neg ? negate(sql) : sql;
}

function compileCondition(c: CollectionDef, text: string, p: SqlParams): string {
  const colon = text.indexOf(':');
  if (colon < 0) throw errors.filterParse();
  const name = text.slice(0, colon).trim();
  const rest = text.slice(colon + 1).trim();
  if (name === 'id') return idCondition(c, rest, p);
  const f = c.fields.find((x) => x.name === name);
  if (!f || !f.filter) throw errors.filterFieldNotFound(name);
  if (f.type === 'string' || f.type === 'string[]') return stringCondition(f, rest, p);
  if (f.type === 'bool') return boolCondition(f, rest, p);
  return numericCondition(f, rest, p);
}

function compileNode(c: CollectionDef, node: FilterNode, p: SqlParams): string {
  if ('cond' in node) return compileCondition(c, node.cond, p);
  const sqlOp = node.op === '&&' ? 'AND' : 'OR';
  return `(${compileNode(c, node.left, p)} ${sqlOp} ${compileNode(c, node.right, p)})`;
}

/** SQL boolean for a filter_by string, or null when it is empty. */
export function compileFilter(c: CollectionDef, filterBy: string, p: SqlParams): string | null {
  const tree = parseFilter(filterBy);
  return tree ? compileNode(c, tree, p) : null;
}
