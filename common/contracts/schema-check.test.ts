/// <reference types="vite/client" />
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { isEndpoint, type Endpoint } from './endpoint.ts';
import { KNOWN_KEYWORDS, matchesSchema } from './schema-check.ts';

// Every endpoint of every contract module, found by the test runner (Vite's glob), so a new
// module is held to the same verdicts without being listed here.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
const endpoints: [string, Endpoint][] = Object.entries(modules)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([file, module]) =>
    Object.entries(module)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, value]) => [`${file.slice(2)} ${name}`, value] as [string, Endpoint]),
  );
const answers = endpoints.flatMap(([name, endpoint]) =>
  Object.entries(endpoint.response).map(([status, schema]) => [`${name} ${status}`, schema] as const),
);

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every schema inside `schema` (itself included), with where it sits. */
function* schemasIn(schema: unknown, at = '#'): Generator<[string, Json]> {
  if (!isRecord(schema)) return;
  yield [at, schema];
  for (const keyword of ['properties', 'patternProperties']) {
    const members = schema[keyword];
    if (isRecord(members)) {
      for (const [name, member] of Object.entries(members))
        yield* schemasIn(member, `${at}/${keyword}/${name}`);
    }
  }
  for (const keyword of ['items', 'anyOf', 'allOf', 'additionalItems', 'additionalProperties']) {
    const inner = schema[keyword];
    if (Array.isArray(inner))
      for (const [i, member] of inner.entries()) yield* schemasIn(member, `${at}/${keyword}/${i}`);
    else yield* schemasIn(inner, `${at}/${keyword}`);
  }
}

// Strings for a `pattern`: the first one a pattern accepts is the sample's.
const PATTERNED = ['2025-06', '2025-06-01', 'k', '1', 'SW1A 1AA', 'force:metropolitan'];

/** A value the schema accepts, reaching into every property it names (optional ones too). */
function sampleOf(schema: unknown): unknown {
  if (!isRecord(schema)) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) {
    // The first branch that is not null, so that a nullable object is filled in.
    const branch = schema.anyOf.find((option) => !isRecord(option) || option.type !== 'null');
    return sampleOf(branch ?? schema.anyOf[0]);
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map(sampleOf));
  switch (schema.type) {
    case 'object': {
      const sample: Json = {};
      if (isRecord(schema.properties)) {
        for (const [name, member] of Object.entries(schema.properties)) sample[name] = sampleOf(member);
      }
      if (isRecord(schema.patternProperties)) {
        for (const [pattern, member] of Object.entries(schema.patternProperties)) {
          const name = PATTERNED.find((text) => new RegExp(pattern, 'u').test(text));
          if (name !== undefined) sample[name] = sampleOf(member);
        }
      }
      return sample;
    }
    case 'array':
      if (Array.isArray(schema.items)) {
        // A tuple, then its rest (additionalItems) up to minItems.
        const rest = Math.max(0, Number(schema.minItems ?? 0) - schema.items.length);
        return [
          ...schema.items.map(sampleOf),
          ...Array.from({ length: rest }, () => sampleOf(schema.additionalItems)),
        ];
      }
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 0)) }, () => sampleOf(schema.items));
    case 'string':
      return typeof schema.pattern === 'string'
        ? PATTERNED.find((text) => new RegExp(String(schema.pattern), 'u').test(text))
        : 'text';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

// What each place of a sample is replaced with in turn: other types, a fraction, out of range.
const REPLACEMENTS: unknown[] = [null, true, 'x', '2025-06', 0, -1, 1.5, 25, {}, [], [1], { k: 1 }];

type Place = { parent: unknown[]; key: number } | { parent: Json; key: string };

/** Every place in a value, the value itself first (the holder's `root`). */
function* placesIn(place: Place): Generator<Place> {
  yield place;
  const value = valueAt(place);
  if (Array.isArray(value)) for (const key of value.keys()) yield* placesIn({ parent: value, key });
  else if (isRecord(value)) for (const key of Object.keys(value)) yield* placesIn({ parent: value, key });
}

const valueAt = (place: Place): unknown =>
  Array.isArray(place.parent) ? place.parent[Number(place.key)] : place.parent[place.key];

function setAt(place: Place, value: unknown): void {
  if (Array.isArray(place.parent)) place.parent[Number(place.key)] = value;
  else place.parent[place.key] = value;
}

/** Changes the sample one place at a time (and puts it back), calling `visit` on each version. */
function forEachVariant(sample: unknown, visit: (value: unknown, change: string) => void): void {
  const holder: Json = { root: sample };
  for (const place of [...placesIn({ parent: holder, key: 'root' })]) {
    const original = valueAt(place);
    const at = String(place.key);
    for (const replacement of REPLACEMENTS) {
      setAt(place, replacement);
      visit(holder.root, `${at} := ${JSON.stringify(replacement)}`);
    }
    setAt(place, original);
    if (isRecord(original)) {
      for (const name of Object.keys(original)) {
        const kept = original[name];
        delete original[name];
        visit(holder.root, `${at} without ${name}`);
        original[name] = kept;
      }
      original.extra = 1;
      visit(holder.root, `${at} with an extra property`);
      delete original.extra;
    }
    if (Array.isArray(original) && original.length > 0) {
      for (const more of [original[0], 'x']) {
        original.push(more);
        visit(holder.root, `${at} with one more item`);
        original.pop();
      }
      const last: unknown = original.pop();
      visit(holder.root, `${at} one item shorter`);
      original.push(last);
    }
  }
}

// TypeBox's check, compiled once per schema (the test's own code may be generated and run).
const compiled = new Map<TSchema, ReturnType<typeof Compile>>();
function typeBoxSays(schema: TSchema, value: unknown): boolean {
  let validator = compiled.get(schema);
  if (!validator) compiled.set(schema, (validator = Compile(schema)));
  return validator.Check(value);
}

describe('matchesSchema', () => {
  it('finds the contracts', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints.map(([name]) => name)).toContain('clocks.ts GetPoliceClock');
  });

  it('knows every keyword of every response schema', () => {
    const unknown = answers.flatMap(([name, schema]) =>
      [...schemasIn(schema)].flatMap(([at, inner]) =>
        Object.keys(inner)
          .filter((keyword) => !KNOWN_KEYWORDS.has(keyword))
          .map((keyword) => `${name} ${at}: ${keyword}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it("accepts a full answer of every endpoint, as TypeBox's Check does", () => {
    for (const [name, schema] of answers) {
      const sample = sampleOf(schema);
      expect(typeBoxSays(schema, sample), `${name}: the test's sample`).toBe(true);
      expect(matchesSchema(schema, sample), name).toBe(true);
    }
  });

  it("gives TypeBox's verdict on every answer changed at any one place", { timeout: 120_000 }, () => {
    const disagreements: string[] = [];
    let variants = 0;
    for (const [name, schema] of answers) {
      forEachVariant(sampleOf(schema), (value, change) => {
        variants++;
        const expected = typeBoxSays(schema, value);
        if (matchesSchema(schema, value) !== expected) {
          disagreements.push(`${name}, ${change}: TypeBox says ${expected}`);
        }
      });
    }
    expect(disagreements).toEqual([]);
    expect(variants).toBeGreaterThan(10_000);
  });

  it('refuses what the contract forbids', () => {
    const Answer = Type.Object({
      id: Type.Integer({ minimum: 1 }),
      month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
      kind: Type.Union([Type.Literal('csew'), Type.Literal('police')]),
      place: Type.Union([Type.Tuple([Type.Number(), Type.Number()]), Type.Null()]),
      counts: Type.Record(Type.String(), Type.Integer()),
      note: Type.Optional(Type.String()),
    });
    const good = { id: 3, month: '2025-06', kind: 'police', place: [51.5, -0.1], counts: { burglary: 2 } };
    const bad = [
      { ...good, id: undefined },
      { ...good, id: 2.5 },
      { ...good, id: 0 },
      { ...good, month: 'June' },
      { ...good, kind: 'other' },
      { ...good, place: [51.5] },
      { ...good, place: [51.5, -0.1, 3] },
      { ...good, counts: { burglary: 'two' } },
      { ...good, note: 7 },
      [good],
      null,
    ].map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    expect(matchesSchema(Answer, good)).toBe(true);
    expect(matchesSchema(Answer, { ...good, note: 'n', place: null })).toBe(true);
    for (const value of bad) {
      expect(matchesSchema(Answer, value), JSON.stringify(value)).toBe(false);
      expect(typeBoxSays(Answer, value), JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses any value under a keyword it does not know, rather than letting it through', () => {
    const Email = Type.String({ format: 'email' });
    expect(matchesSchema(Email, 'someone@example.org')).toBe(false);
  });

  it('takes no body for a schema of no body', () => {
    expect(matchesSchema(Type.Void(), undefined)).toBe(true);
    expect(matchesSchema(Type.Object({}), undefined)).toBe(false);
  });
});
