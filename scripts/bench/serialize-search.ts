/**
 * What one search answer costs to put on the wire:
 *
 *   node --expose-gc --import tsx scripts/bench/serialize-search.ts [--runs 2000]
 *
 * Builds the search fixture (tests/support/search-fixture.ts) in a temporary SQLite store and asks
 * the app for a page of 10 and a page of 100 crimes. Then, in this one process, times each answer:
 * - serialized by fast-json-stringify compiled from the route's response schema (what Fastify does
 *   for a route registered with one) and by JSON.stringify (a route without one), alone and with
 *   the byte length and Buffer a reply needs (fast-json-stringify builds its text by concatenation,
 *   which the engine keeps as a rope until something reads the bytes);
 * - the same schema with each `anyOf [X, null]` written `type: [X's type, 'null']`, which
 *   fast-json-stringify serializes without running an ajv validation to pick the branch;
 * - by the declared copy (api/src/http/schema-serializer.ts, the contract routes' serializer): a copy
 *   of the declared properties written by JSON.stringify;
 * - through app.inject on bare Fastify apps (no schema / the schema / the rewritten schema / the
 *   schema with the declared copy as serializerCompiler), alternated round by round so that the
 *   machine's load falls on all alike.
 * Times are this process's CPU time, not the wall clock. With --expose-gc the heap is collected
 * before each timed round, so that no round pays for the garbage of the one before it.
 * Also times the per-request helpers: the keyed address hash and the address group.
 */
import { isDeepStrictEqual, parseArgs } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import Fastify from 'fastify';
import { Value } from 'typebox/value';
import { parseConfig } from '../../common/config/config.ts';
import { SearchCrimes } from '../../common/contracts/search.ts';
import { buildApp } from '../../api/src/app.ts';
import { compileDeclaredCopy, declaredCopySerializerCompiler } from '../../api/src/http/schema-serializer.ts';
import { addressGroup } from '../../server-common/addresses/address-group.ts';
import { addressHash, ephemeralAddressKey } from '../../server-common/security/address-hash.ts';
import { createTestDatabase } from '../../tests/support/database.ts';
import { CENTRE_POSTCODE, loadFixture } from '../../tests/support/search-fixture.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '2000' } } });
const RUNS = Number(args.runs);

/**
 * This process's CPU time (user + system) in µs: on a shared machine the wall clock also counts
 * the time other processes hold the cores.
 */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** CPU µs per call of `fn`, the median of seven timed rounds after a warm-up round. */
function usPerCall(fn: () => unknown, runs = RUNS): string {
  for (let i = 0; i < runs; i++) fn();
  const rounds: number[] = [];
  for (let r = 0; r < 7; r++) {
    collect();
    const start = cpuMicros();
    for (let i = 0; i < runs; i++) fn();
    rounds.push((cpuMicros() - start) / runs);
  }
  return rounds.sort((a, b) => a - b)[3]!.toFixed(1);
}

/** A JSON schema with each `anyOf [X, {type: 'null'}]` of a single-typed X as X typed [X's type, 'null']. */
function nullableAsTypeList(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeList);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableAsTypeList(value);
  const branches = out.anyOf as { type?: unknown }[] | undefined;
  if (branches?.length === 2 && branches[1]!.type === 'null' && typeof branches[0]!.type === 'string') {
    const { anyOf: _, ...words } = out;
    return { ...words, ...branches[0], type: [branches[0]!.type, 'null'] };
  }
  return out;
}

const onTheWire = (text: string) => {
  Buffer.byteLength(text);
  return Buffer.from(text);
};

const db = await createTestDatabase('sqlite');
const answers: Record<string, unknown> = {};
try {
  await loadFixture(db.sequelize);
  const app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize });
  for (const pageSize of [10, 100]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/crimes/search',
      headers: { origin: 'http://localhost' },
      payload: { searchType: 'radius', postcode: CENTRE_POSTCODE, startMonth: 'RECENT_3_MONTHS', pageSize },
    });
    if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
    answers[`page of ${pageSize}`] = res.json();
  }
  await app.close();
} finally {
  await db.drop();
}

const schema = SearchCrimes.response[200];
const typeList = nullableAsTypeList(schema) as object;
const bySchema = fastJsonStringify(schema as object);
const byTypeList = fastJsonStringify(typeList);
const copy = compileDeclaredCopy(schema);
const byDeclaredCopy = (value: unknown) => JSON.stringify(copy(value));
console.log(`runs per round: ${RUNS}; CPU µs per answer, median of the rounds`);
for (const [name, answer] of Object.entries(answers)) {
  if (!Value.Check(schema, answer)) throw new Error(`${name}: the answer does not match its schema`);
  for (const serialize of [bySchema, byTypeList, byDeclaredCopy]) {
    if (!isDeepStrictEqual(JSON.parse(serialize(answer)), answer))
      throw new Error(`${name}: serialized differently`);
  }
  const body = answer as { data: unknown[]; clockData: unknown };
  console.log(
    `${name} (${body.data.length} crimes, clockData ${body.clockData === null ? 'null' : 'present'}, ${JSON.stringify(answer).length} bytes):`,
  );
  const rows: [string, (value: unknown) => string][] = [
    ['JSON.stringify', JSON.stringify],
    ['fast-json-stringify, the schema', bySchema],
    ['fast-json-stringify, nullable as type list', byTypeList],
    ['declared copy + JSON.stringify', byDeclaredCopy],
    ['declared copy alone (no text)', copy as (value: unknown) => string],
  ];
  for (const [label, serialize] of rows) {
    const alone = usPerCall(() => serialize(answer));
    if (serialize === (copy as unknown)) {
      console.log(`  ${label.padEnd(44)} ${alone.padStart(7)}`);
      continue;
    }
    const wire = usPerCall(() => onTheWire(serialize(answer)));
    console.log(`  ${label.padEnd(44)} ${alone.padStart(7)}   with byteLength + Buffer ${wire.padStart(7)}`);
  }

  const apps = new Map<string, ReturnType<typeof Fastify>>();
  for (const [label, response, serializerCompiler] of [
    ['no response schema', undefined, undefined],
    ['the schema', schema, undefined],
    ['nullable as type list', typeList, undefined],
    ['the schema, declared copy', schema, declaredCopySerializerCompiler],
  ] as const) {
    const bare = Fastify();
    const options = response ? { schema: { response: { 200: response } }, serializerCompiler } : {};
    bare.get('/', options, async () => answer);
    await bare.ready();
    apps.set(label, bare);
  }
  const rounds = new Map<string, number[]>([...apps.keys()].map((label) => [label, []]));
  const perRound = Math.max(1, Math.round(RUNS / 10));
  for (let round = 0; round < 22; round++) {
    for (const [label, bare] of apps) {
      collect();
      const start = cpuMicros();
      for (let i = 0; i < perRound; i++) await bare.inject({ method: 'GET', url: '/' });
      // The first two rounds warm up.
      if (round >= 2) rounds.get(label)!.push((cpuMicros() - start) / perRound);
    }
  }
  for (const [label, times] of rounds) {
    times.sort((a, b) => a - b);
    console.log(`  bare Fastify inject, ${label.padEnd(27)} ${times[10]!.toFixed(1).padStart(7)}`);
    await apps.get(label)!.close();
  }
}

const key = ephemeralAddressKey();
let n = 0;
const v4 = () => `203.0.${(n >> 8) & 255}.${n++ & 255}`;
const v6 = () => `2001:db8:${(n++ & 0xffff).toString(16)}::1`;
console.log(`addressHash, IPv4:  ${usPerCall(() => addressHash(v4(), key), RUNS * 10)} µs`);
console.log(`addressGroup, IPv4: ${usPerCall(() => addressGroup(v4()), RUNS * 10)} µs`);
console.log(`addressGroup, IPv6: ${usPerCall(() => addressGroup(v6()), RUNS * 10)} µs`);
