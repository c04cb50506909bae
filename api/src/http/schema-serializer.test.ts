import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../common/contracts/index.ts';
import { PartnerSearch } from '../../../common/contracts/partner.ts';
import { EXAMPLE_RESPONSE } from '../partner-api/search/openapi.ts';
import { compileDeclaredCopy, declaredCopySerializerCompiler } from './schema-serializer.ts';

const write = (schema: unknown, value: unknown) => JSON.stringify(compileDeclaredCopy(schema)(value));

/**
 * What Fastify's own serializer (fast-json-stringify from the schema) writes for each value, or
 * 'error'. Each value is asked for inside an object, as Fastify sends a string answer unserialized.
 */
async function fastifyWrites(schema: object, values: unknown[]): Promise<string[]> {
  const app = Fastify();
  const wrapped = Type.Object({ v: schema as never });
  app.post('/', { schema: { response: { 200: wrapped } } }, async (request) => ({
    v: values[Number(request.body)],
  }));
  const bodies = [];
  for (let i = 0; i < values.length; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      payload: String(i),
      headers: { 'content-type': 'application/json' },
    });
    bodies.push(res.statusCode === 200 ? res.body : 'error');
  }
  await app.close();
  return bodies;
}

/** The same through the declared copy. */
function ours(schema: object, values: unknown[]): string[] {
  const copy = compileDeclaredCopy(Type.Object({ v: schema as never }));
  return values.map((value) => {
    try {
      return JSON.stringify(copy({ v: value }));
    } catch {
      return 'error';
    }
  });
}

const Crime = Type.Object({
  id: Type.Integer(),
  location: Type.Union([
    Type.Object({ street: Type.Object({ name: Type.Union([Type.String(), Type.Null()]) }) }),
    Type.Null(),
  ]),
  note: Type.Optional(Type.String()),
});

const Outline = Type.Union([
  Type.Object({ kind: Type.Literal('circle'), radius: Type.Number() }),
  Type.Object({ kind: Type.Literal('box'), box: Type.Array(Type.Number()) }),
]);

describe('compileDeclaredCopy', () => {
  it('drops what the schema does not declare, at the top and nested in arrays and union branches', () => {
    const schema = Type.Object({ crimes: Type.Array(Crime), outline: Type.Union([Outline, Type.Null()]) });
    const value = {
      crimes: [
        { id: 1, secret: 'x', location: { street: { name: 'High St', osRef: 'Q' }, lsoaHidden: 1 } },
        { id: 2, location: null, note: 'n' },
      ],
      outline: { kind: 'box', box: [1, 2], radius: 3, extra: true },
      internal: { rows: 5 },
    };
    expect(JSON.parse(write(schema, value))).toEqual({
      crimes: [
        { id: 1, location: { street: { name: 'High St' } } },
        { id: 2, location: null, note: 'n' },
      ],
      outline: { kind: 'box', box: [1, 2] },
    });
    // The object branch is picked by its constant: the circle's own properties, not the box's.
    expect(JSON.parse(write(Outline, { kind: 'circle', radius: 3, box: [1] }))).toEqual({
      kind: 'circle',
      radius: 3,
    });
  });

  it('keeps null where a union allows it, and refuses a value no branch takes', () => {
    const schema = Type.Union([Type.Object({ a: Type.String() }), Type.Null()]);
    expect(write(schema, null)).toBe('null');
    expect(write(schema, { a: 'x', b: 'y' })).toBe('{"a":"x"}');
    expect(() => write(schema, 'text')).toThrow(/none of its schema's branches/);
    expect(() => write(Outline, { kind: 'triangle' })).toThrow(/none of its schema's branches/);
    expect(write(Type.Union([Type.String(), Type.Null()]), new Date(Date.UTC(2025, 5, 1)))).toBe(
      '"2025-06-01T00:00:00.000Z"',
    );
  });

  it('copies records (patternProperties) key by key, their values as declared', () => {
    const schema = Type.Object({
      counts: Type.Record(Type.String(), Type.Integer()),
      people: Type.Record(Type.String(), Type.Object({ name: Type.String() })),
    });
    expect(
      JSON.parse(
        write(schema, {
          counts: { burglary: 3, 'anti-social-behaviour': 4 },
          people: { a: { name: 'A', tel: '1' } },
        }),
      ),
    ).toEqual({ counts: { burglary: 3, 'anti-social-behaviour': 4 }, people: { a: { name: 'A' } } });
    const onlyX = { type: 'object', patternProperties: { '^x': { type: 'string' } } };
    expect(write(onlyX, { xa: 'kept', b: 'dropped' })).toBe('{"xa":"kept"}');
    const additional = {
      type: 'object',
      properties: { a: { type: 'integer' } },
      additionalProperties: { type: 'string' },
    };
    expect(write(additional, { a: 1, b: 'x' })).toBe('{"a":1,"b":"x"}');
  });

  it('writes an intersection (allOf) as one object and a tuple by position', () => {
    const schema = Type.Intersect([
      Type.Object({ success: Type.Literal(true) }),
      Type.Object({ pair: Type.Tuple([Type.Integer(), Type.Integer()]) }),
    ]);
    expect(write(schema, { success: true, pair: [1, 2], other: 1 })).toBe('{"success":true,"pair":[1,2]}');
    expect(() => write(schema, { success: true, pair: [1, 2, 3] })).toThrow(/more than its 2/);
  });

  it('refuses an answer missing a required property, and leaves out a missing optional one', () => {
    expect(() => write(Crime, { location: null })).toThrow(/"id" is required/);
    expect(write(Crime, { id: 1, location: null, note: undefined })).toBe('{"id":1,"location":null}');
  });

  it('refuses a value that is no array where the schema declares one, as fast-json-stringify does', () => {
    const List = Type.Object({ items: Type.Array(Type.Integer()), any: Type.Array(Type.Unknown()) });
    for (const bad of ['12', { 0: 1 }, 3, new Set([1])]) {
      expect(() => write(List, { items: bad, any: [] })).toThrow(/not an array/);
      expect(() => write(List, { items: [], any: bad })).toThrow(/not an array/);
    }
    expect(write(List, { items: [1], any: ['a'] })).toBe('{"items":[1],"any":["a"]}');
  });

  it('writes what fast-json-stringify writes, wrong leaf types and Dates included', async () => {
    const date = new Date(Date.UTC(2026, 10, 27, 8, 30, 1, 5));
    const cases: [object, unknown[]][] = [
      [Type.Integer(), [3, 2.7, -2.7, '12', true, null, NaN, Infinity]],
      [Type.Number(), [1.5, '3.5', '', null, true, NaN, Infinity, -0]],
      [Type.String(), ['é"\\\n\u2028', 3, null, true, date, { a: 1 }]],
      [Type.String({ format: 'date-time' }), [date, '2026-11-27']],
      [Type.Boolean(), [true, 0, 1, 'x', '', null]],
      [Type.Null(), [null, 0]],
      [Type.Literal('csew'), ['csew', 'police']],
      [Type.Array(Type.String()), [['a', 3, null], null, 'text', 5, { 0: 'a' }]],
      [
        Type.Object({ a: Type.String() }),
        [{ a: 'x', b: 1 }, null, 'text', { toJSON: () => ({ a: 'j', b: 2 }) }],
      ],
      [
        Type.Object({ a: Type.Union([Type.Integer(), Type.Null()]) }),
        [{ a: 3 }, { a: null }, { a: 'x' }, {}],
      ],
      [Type.Union([Type.String(), Type.Number()]), ['x', 5, true]],
      [Type.Union([Type.Literal('a'), Type.Literal('b')]), ['a', 'b', 5]],
      [Type.Object({}), [{ a: 1 }]],
      [Type.Unknown(), [{ a: 1, d: date }]],
    ];
    for (const [schema, values] of cases) {
      expect(ours(schema, values), JSON.stringify(schema)).toEqual(await fastifyWrites(schema, values));
    }
  });

  it('fails at compile time on a construct it does not know', () => {
    expect(() => compileDeclaredCopy({ $ref: '#/$defs/Crime' })).toThrow(/"\$ref" is not supported/);
    expect(() =>
      compileDeclaredCopy({ type: 'object', properties: { a: { not: { type: 'string' } } } }),
    ).toThrow(/#\/a: the keyword "not"/);
    expect(() => compileDeclaredCopy({ type: 'string', nullable: true })).toThrow(/"nullable"/);
    expect(() => compileDeclaredCopy({ type: 'string', format: 'date' })).toThrow(/format "date"/);
    expect(() =>
      compileDeclaredCopy(Type.Union([Type.Array(Type.String()), Type.Array(Type.Number())])),
    ).toThrow(/several array branches/);
    expect(() =>
      compileDeclaredCopy(Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })])),
    ).toThrow(/tell them apart/);
    expect(() =>
      compileDeclaredCopy({
        type: 'object',
        headers: {},
        properties: { a: { type: 'string', headers: {} } },
      }),
    ).toThrow(/#\/a: the keyword "headers"/);
  });

  it("compiles every contract endpoint's response schemas", () => {
    const compiled: string[] = [];
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      for (const [status, schema] of Object.entries(endpoint.response)) {
        expect(() => compileDeclaredCopy(schema), `${name} ${status}`).not.toThrow();
        compiled.push(`${name} ${status}`);
      }
    }
    expect(compiled.length).toBeGreaterThanOrEqual(Object.keys(ENDPOINTS).length);
  });

  it('writes the partner documentation example as fast-json-stringify does', async () => {
    const schema = PartnerSearch.response[200];
    const extra = { ...EXAMPLE_RESPONSE, debug: { sql: 'SELECT' } };
    const [theirs] = await fastifyWrites(schema, [extra]);
    expect(JSON.parse(write(schema, extra))).toEqual(JSON.parse(theirs!).v);
    expect(JSON.parse(write(schema, extra))).toEqual(EXAMPLE_RESPONSE);
  });

  it("is Fastify's serializer compiler: one function per status, JSON text out", () => {
    const serialize = declaredCopySerializerCompiler({
      schema: Crime,
      method: 'GET',
      url: '/',
      httpStatus: '200',
    });
    expect(serialize({ id: 2, location: null, extra: 1 })).toBe('{"id":2,"location":null}');
  });
});
