import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';
import { generateSample, type SampleSummary } from './generate.ts';
import { ASB_SHARE_OF_STREET_ROWS, CRIME_SHARES_PERCENT } from './proportions.ts';
import { REAL_POSTCODES } from './places.ts';

const HEADERS = {
  street:
    'Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Crime type,Last outcome category,Context',
  outcomes:
    'Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Outcome type',
  'stop-and-search':
    'Type,Date,Part of a policing operation,Policing operation,Latitude,Longitude,Gender,Age range,Self-defined ethnicity,Officer-defined ethnicity,Legislation,Object of search,Outcome,Outcome linked to object of search,Removal of more than just outer clothing',
} as const;
const UK_POSTCODE = /^[A-Z]{1,2}[0-9R][0-9A-Z]? [0-9][ABD-HJLNP-UW-Z]{2}$/;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'crime-clock-sample-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else out.push(relative);
  }
  return out.sort();
}

async function digests(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const file of await listFiles(dir)) {
    result[file] = createHash('sha256')
      .update(await readFile(path.join(dir, file)))
      .digest('hex');
  }
  return result;
}

function parseCsv(text: string): string[][] {
  return parse(text, { bom: true }) as string[][];
}

async function readCsv(
  dir: string,
  file: string,
): Promise<{ header: string[]; rows: string[][]; raw: string }> {
  const raw = await readFile(path.join(dir, file), 'utf8');
  const [header, ...rows] = parseCsv(raw);
  return { header: header!, rows, raw };
}

describe('generateSample: a small archive', () => {
  let dir: string;
  let summary: SampleSummary;
  const options = { months: 4, scale: 0.4, endMonth: '2025-09' };

  beforeAll(async () => {
    dir = path.join(root, 'sample');
    summary = await generateSample({ outDir: dir, ...options });
  });

  it('is byte-identical for the same arguments, whatever the order of the forces', async () => {
    const again = path.join(root, 'again');
    const forces = [
      'south-wales',
      'avon-and-somerset',
      'west-yorkshire',
      'greater-manchester',
      'west-midlands',
      'city-of-london',
      'metropolitan',
    ];
    await generateSample({ outDir: again, ...options, forces });
    const first = await digests(dir);
    expect(Object.keys(first).length).toBeGreaterThan(40);
    expect(await digests(again)).toEqual(first);
  });

  it('differs for another seed', async () => {
    const other = path.join(root, 'other-seed');
    await generateSample({ outDir: other, ...options, seed: 'another seed' });
    const a = await digests(dir);
    const b = await digests(other);
    const streetFiles = Object.keys(a).filter((f) => f.endsWith('-street.csv'));
    expect(streetFiles.length).toBeGreaterThan(10);
    for (const f of streetFiles) expect(b[f], f).not.toBe(a[f]);
  });

  it('writes the official headers exactly, without a byte-order mark', async () => {
    const files = await listFiles(dir);
    let checked = 0;
    for (const [kind, header] of Object.entries(HEADERS)) {
      for (const file of files.filter((f) => f.endsWith(`-${kind}.csv`))) {
        const raw = await readFile(path.join(dir, file), 'utf8');
        expect(raw.charCodeAt(0)).not.toBe(0xfeff);
        expect(raw.slice(0, raw.search(/\r?\n/))).toBe(header);
        checked++;
      }
    }
    expect(checked).toBe(summary.files.filter((f) => f.kind in HEADERS).length);
    expect((await readFile(path.join(dir, 'postcodes.csv'), 'utf8')).split('\n')[0]).toBe(
      'postcode,latitude,longitude',
    );
  });

  it('quotes fields so that csv-parse reads every row back whole', async () => {
    let quotedWithComma = 0;
    for (const file of (await listFiles(dir)).filter((f) => f.endsWith('.csv'))) {
      const { header, rows, raw } = await readCsv(dir, file);
      for (const row of rows) expect(row.length, file).toBe(header.length);
      for (const row of rows) quotedWithComma += row.filter((v) => v.includes(',')).length;
      // Written back field by field, each row reproduces its line of the file.
      const lines = raw.replace(/^\uFEFF/, '').split(/\r?\n/);
      rows.forEach((row, i) => expect(row.map(csvField).join(','), file).toBe(lines[i + 1]));
    }
    expect(quotedWithComma).toBeGreaterThan(0);
    const search = await readCsv(dir, `2025-09/2025-09-metropolitan-stop-and-search.csv`);
    expect(search.rows.length).toBeGreaterThan(50);
    // Every row of every file, field by field: seconds of CPU, more on a loaded 2-core machine.
  }, 60_000);

  it('uses CRLF in some months and LF in others, consistently within a file', async () => {
    const endings = Object.values(summary.lineEndings);
    expect(endings).toContain('crlf');
    expect(endings).toContain('lf');
    for (const file of summary.files.filter((f) => f.month)) {
      const raw = await readFile(path.join(dir, file.path), 'utf8');
      const lines = raw.split('\n').length - 1;
      const crlf = raw.split('\r\n').length - 1;
      expect(raw.endsWith('\n')).toBe(true);
      if (summary.lineEndings[file.month!] === 'crlf') expect(crlf, file.path).toBe(lines);
      else expect(crlf, file.path).toBe(0);
    }
  });

  it('has rows without a location and anti-social behaviour rows without a Crime ID', async () => {
    let rows = 0;
    let noLocation = 0;
    let asb = 0;
    for (const file of summary.files.filter((f) => f.kind === 'street')) {
      const { header, rows: data } = await readCsv(dir, file.path);
      const col = (name: string): number => header.indexOf(name);
      for (const r of data) {
        rows++;
        if (r[col('Location')] === 'No Location') {
          noLocation++;
          expect(r[col('Longitude')]).toBe('');
          expect(r[col('Latitude')]).toBe('');
          expect(r[col('LSOA code')]).toBe('');
        } else {
          expect(Number(r[col('Latitude')])).toBeGreaterThan(49);
          expect(r[col('Location')]).toMatch(/^On or near /);
        }
        const force = r[col('Reported by')];
        expect(r[col('Falls within')]).toBe(force);
        expect(r[col('Context')]).toBe('');
        expect(r[col('Month')]).toBe(file.month);
        if (r[col('Crime type')] === 'Anti-social behaviour') {
          asb++;
          expect(r[col('Crime ID')]).toBe('');
          expect(r[col('Last outcome category')]).toBe('');
        } else {
          expect(r[col('Crime ID')]).toMatch(/^[0-9a-f]{64}$/);
          expect(r[col('Last outcome category')]).not.toBe('');
        }
      }
    }
    expect(noLocation / rows).toBeGreaterThan(0.005);
    expect(noLocation / rows).toBeLessThan(0.03);
    expect(asb).toBeGreaterThan(0);
  });

  it('gives Greater Manchester Police no street files, but outcomes and stop-and-search files', async () => {
    const files = await listFiles(dir);
    expect(files.some((f) => f.includes('greater-manchester-street'))).toBe(false);
    expect(files.filter((f) => f.includes('greater-manchester-outcomes')).length).toBe(4);
    expect(files.filter((f) => f.includes('greater-manchester-stop-and-search')).length).toBe(4);
    expect(summary.withoutStreetData).toEqual(['greater-manchester']);
  });

  it('leaves one force out of one month entirely', async () => {
    expect(summary.gaps).toHaveLength(1);
    const { force, month } = summary.gaps[0]!;
    const files = await listFiles(dir);
    expect(files.filter((f) => f.startsWith(`${month}/${month}-${force}-`))).toEqual([]);
    const otherMonth = summary.months.find((m) => m !== month)!;
    expect(files).toContain(`${otherMonth}/${otherMonth}-${force}-street.csv`);
  });

  it('reports in its summary the rows the files hold', async () => {
    let street = 0;
    for (const file of summary.files.filter((f) => f.path.endsWith('.csv'))) {
      const { rows } = await readCsv(dir, file.path);
      expect(file.rows, file.path).toBe(rows.length);
      if (file.kind === 'street') street += rows.length;
    }
    expect(summary.rows.street).toBe(street);
    expect(summary.months).toEqual(['2025-06', '2025-07', '2025-08', '2025-09']);
    // Scale 0.4 is about 2,000 street rows a month over all forces.
    expect(street / 4).toBeGreaterThan(1500);
    expect(street / 4).toBeLessThan(2500);
  });

  it('keeps outcomes consistent with the street rows of the same crimes', async () => {
    const street = new Map<string, string[]>();
    for (const file of summary.files.filter((f) => f.kind === 'street')) {
      for (const r of (await readCsv(dir, file.path)).rows) if (r[0]) street.set(r[0], r);
    }
    let matched = 0;
    for (const file of summary.files.filter((f) => f.kind === 'outcomes')) {
      for (const o of (await readCsv(dir, file.path)).rows) {
        const s = street.get(o[0]!);
        if (!s) continue;
        matched++;
        expect(o[1]! >= s[1]!).toBe(true); // outcome month not before the crime
        expect(o.slice(2, 9)).toEqual(s.slice(2, 9)); // same force, place and LSOA
        if (o[1] === '2025-09') {
          expect(s[10]).toBe(o[9] === 'Suspect charged' ? 'Awaiting court outcome' : o[9]);
        }
      }
    }
    expect(matched).toBeGreaterThan(500);
  });

  it('writes LSOA populations as ONS exports them, for every LSOA of the street files', async () => {
    const raw = await readFile(path.join(dir, 'lsoa-population.csv'), 'utf8');
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    expect(raw).toMatch(/^\uFEFFLSOA code,LSOA name,population\r\n/);
    expect(raw).toMatch(/\r\nE01\d{6},[^,\r\n]+ \d{3}[A-D],"\d,\d{3}"\r\n/);
    const [, ...rows] = parseCsv(raw);
    const population = new Map(rows.map((r) => [r[0]!, r]));
    for (const r of rows) expect(Number(r[2]!.replace(',', ''))).toBeGreaterThanOrEqual(1000);
    for (const file of summary.files.filter((f) => f.kind === 'street')) {
      for (const r of (await readCsv(dir, file.path)).rows) {
        if (!r[7]) continue;
        expect(r[7]).toMatch(/^[EW]01\d{6}$/);
        expect(population.get(r[7])?.[1]).toBe(r[8]);
      }
    }
    const southWales = (await readCsv(dir, '2025-09/2025-09-south-wales-street.csv')).rows.filter(
      (r) => r[7],
    );
    expect(southWales.every((r) => r[7]!.startsWith('W01'))).toBe(true);
  });

  it('writes valid postcodes with the well-known real ones at their positions', async () => {
    const [, ...rows] = parseCsv(await readFile(path.join(dir, 'postcodes.csv'), 'utf8'));
    expect(rows.length).toBe(summary.rows.postcodes);
    for (const [postcode, lat, lng] of rows) {
      expect(postcode).toMatch(UK_POSTCODE);
      expect(Number(lat)).toBeGreaterThan(49.9);
      expect(Number(lng)).toBeLessThan(1.8);
    }
    const byCode = new Map(rows.map((r) => [r[0]!, [Number(r[1]), Number(r[2])]]));
    expect(byCode.get('SW1A 1AA')).toEqual([51.501009, -0.141588]);
    for (const real of REAL_POSTCODES) expect(byCode.get(real.postcode)).toEqual([real.lat, real.lng]);
    for (const code of ['M1 1AA', 'B33 8TH', 'EC1A 1BB', 'W1A 0AX', 'CF10 1EP', 'LS1 1UR', 'BS1 4DJ']) {
      expect(byCode.has(code), code).toBe(true);
    }
  });

  it('writes neighbourhood boundaries for every force as GeoJSON polygons', async () => {
    const geo = JSON.parse(await readFile(path.join(dir, 'neighbourhoods.geojson'), 'utf8')) as {
      type: string;
      features: { properties: { force: string; id: string; name: string }; geometry: { type: string } }[];
    };
    expect(geo.type).toBe('FeatureCollection');
    expect(new Set(geo.features.map((f) => f.properties.force))).toEqual(new Set(summary.forces));
    for (const f of geo.features) {
      expect(f.geometry.type).toBe('Polygon');
      expect(f.properties.id).toMatch(/^[a-z0-9-]+$/);
      expect(f.properties.name.length).toBeGreaterThan(3);
    }
  });

  it('writes stop-and-search dates as ISO timestamps with the UK offset, in order', async () => {
    const { rows } = await readCsv(dir, '2025-09/2025-09-west-midlands-stop-and-search.csv');
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r[1]).toMatch(/^2025-09-\d{2}T\d{2}:\d{2}:00\+01:00$/);
    expect(rows.map((r) => r[1])).toEqual(rows.map((r) => r[1]).sort());
    const all = (await readCsv(dir, '2025-09/2025-09-metropolitan-stop-and-search.csv')).rows;
    expect(all.some((r) => r[4] === '' && r[5] === '')).toBe(true);
    expect(all.some((r) => r[4] !== '')).toBe(true);
  });

  it('says plainly that the data is synthetic and how to import real data', async () => {
    const text = await readFile(path.join(dir, 'SYNTHETIC.txt'), 'utf8');
    expect(text).toMatch(/^SYNTHETIC SAMPLE DATA/);
    expect(text).toContain('npm run import');
    for (const real of REAL_POSTCODES) expect(text).toContain(real.postcode);
  });

  it('replaces an earlier sample but refuses to overwrite anything else', async () => {
    const foreign = path.join(root, 'not-a-sample');
    await mkdir(foreign, { recursive: true });
    await writeFile(path.join(foreign, 'precious.txt'), 'keep me');
    await expect(generateSample({ outDir: foreign, months: 1, scale: 0.05 })).rejects.toThrow(
      /not a synthetic sample/,
    );
    expect(await readFile(path.join(foreign, 'precious.txt'), 'utf8')).toBe('keep me');

    const replaced = path.join(root, 'replaced');
    await generateSample({ outDir: replaced, months: 3, scale: 0.05 });
    await generateSample({ outDir: replaced, months: 1, scale: 0.05 });
    expect((await readdir(replaced)).filter((d) => /^\d{4}-\d{2}$/.test(d))).toEqual(['2025-09']);
  });

  it('rejects bad options with a clear message', async () => {
    const outDir = path.join(root, 'bad');
    await expect(generateSample({ outDir, forces: ['atlantis'] })).rejects.toThrow(/unknown force id/);
    await expect(generateSample({ outDir, months: 0 })).rejects.toThrow(/months/);
    await expect(generateSample({ outDir, scale: -1 })).rejects.toThrow(/scale/);
    await expect(generateSample({ outDir, endMonth: '2025-13' })).rejects.toThrow(/end month/);
  });
});

describe('generateSample: category mix over a year', () => {
  const counts = new Map<string, Map<string, number>>(); // month -> crime type -> rows
  let total = 0;

  beforeAll(async () => {
    const dir = path.join(root, 'year');
    const summary = await generateSample({
      outDir: dir,
      months: 12,
      endMonth: '2025-03',
      scale: 1,
      gap: false,
    });
    for (const file of summary.files.filter((f) => f.kind === 'street')) {
      const { rows } = await readCsv(dir, file.path);
      const byType = counts.get(file.month!) ?? new Map<string, number>();
      for (const r of rows) byType.set(r[9]!, (byType.get(r[9]!) ?? 0) + 1);
      counts.set(file.month!, byType);
      total += rows.length;
    }
  }, 60_000);

  function rowsOf(type: string, months?: string[]): number {
    let n = 0;
    for (const [month, byType] of counts) if (!months || months.includes(month)) n += byType.get(type) ?? 0;
    return n;
  }

  it('follows the published shares of each category', () => {
    expect(total).toBeGreaterThan(50_000);
    const archiveNames: Record<keyof typeof CRIME_SHARES_PERCENT, string> = {
      'violent-crime': 'Violence and sexual offences',
      'other-theft': 'Other theft',
      shoplifting: 'Shoplifting',
      'criminal-damage-arson': 'Criminal damage and arson',
      'public-order': 'Public order',
      'vehicle-crime': 'Vehicle crime',
      burglary: 'Burglary',
      'other-crime': 'Other crime',
      drugs: 'Drugs',
      'theft-from-the-person': 'Theft from the person',
      robbery: 'Robbery',
      'bicycle-theft': 'Bicycle theft',
      'possession-of-weapons': 'Possession of weapons',
    };
    expect(rowsOf('Anti-social behaviour') / total).toBeCloseTo(ASB_SHARE_OF_STREET_ROWS, 2);
    const crimes = total - rowsOf('Anti-social behaviour');
    expect(rowsOf('Violence and sexual offences') / crimes).toBeGreaterThan(0.33);
    expect(rowsOf('Violence and sexual offences') / crimes).toBeLessThan(0.37);
    for (const [slug, name] of Object.entries(archiveNames)) {
      const expected = CRIME_SHARES_PERCENT[slug as keyof typeof CRIME_SHARES_PERCENT] / 100;
      const observed = rowsOf(name) / crimes;
      expect(Math.abs(observed - expected), name).toBeLessThan(0.08 * expected + 0.002);
    }
  });

  it('peaks in summer for violence and anti-social behaviour, in winter for burglary', () => {
    const perDay = (type: string, month: string, days: number): number => rowsOf(type, [month]) / days;
    expect(perDay('Violence and sexual offences', '2024-07', 31)).toBeGreaterThan(
      perDay('Violence and sexual offences', '2025-02', 28) * 1.05,
    );
    expect(perDay('Anti-social behaviour', '2024-07', 31)).toBeGreaterThan(
      perDay('Anti-social behaviour', '2025-02', 28) * 1.2,
    );
    expect(perDay('Burglary', '2024-11', 30)).toBeGreaterThan(perDay('Burglary', '2024-06', 30) * 1.1);
  });

  it('has shoplifting rising through the year', () => {
    const first = ['2024-04', '2024-05', '2024-06'];
    const last = ['2025-01', '2025-02', '2025-03'];
    const share = (months: string[]): number =>
      rowsOf('Shoplifting', months) /
      months.reduce((n, m) => n + [...counts.get(m)!.values()].reduce((a, b) => a + b, 0), 0);
    expect(share(last)).toBeGreaterThan(share(first) * 1.05);
  });
});
