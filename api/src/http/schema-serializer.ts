import type { FastifySerializerCompiler } from 'fastify';

/**
 * Serializes a contract route's answer as its response schema allows: a copy holding only the
 * declared properties, compiled once per schema, written by JSON.stringify. Measured
 * (scripts/bench/serialize-search.ts, docs/benchmarks.md): 45-57 µs CPU for a search answer of 10
 * crimes with its bytes, against 56-70 µs for fast-json-stringify, whose rope text is costly to flatten.
 *
 * What the schema's fast-json-stringify did is kept: undeclared properties are dropped (nested
 * too, also in records and union branches), properties come out in the schema's order, a missing
 * required property is an error (a 500, not an answer short of a field), and a leaf of the wrong
 * type is coerced as fast-json-stringify coerces it (an integer with a fraction truncated, "3" for
 * a number 3, a Date for a string its ISO text, null for a string ""); a value that is no array
 * where an array is declared is an error, as there. A union picks its branch by
 * the value's JSON type, objects by their discriminating constant; a value no branch takes is an
 * error. Constraints (lengths, patterns, which literal) are not checked: the contract tests hold
 * the real answers to their schemas. A schema construct this module does not know fails when the
 * route is compiled, at start-up, rather than passing fields through unchecked.
 */

/** Copies a value as its schema declares it. */
export type DeclaredCopy = (value: unknown) => unknown;

type Schema = Record<string, unknown>;
type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/** Keywords that only describe or constrain a value: they change nothing in what is written. */
const WORDS = new Set([
  '$id',
  '$schema',
  '$comment',
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
]);

/** Keywords this module reads. */
const SHAPE = new Set([
  'type',
  'properties',
  'required',
  'patternProperties',
  'additionalProperties',
  'items',
  'additionalItems',
  'anyOf',
  'oneOf',
  'allOf',
  'const',
  'enum',
]);

/** A response schema's top may also carry its OpenAPI headers (contractRoute's responseDocs). */
const TOP_WORDS = new Set(['headers']);

const EMPTY = Object.freeze({});

const passThrough: DeclaredCopy = (value) => value;

const asNull: DeclaredCopy = () => null;

const asBoolean: DeclaredCopy = (value) => (typeof value === 'boolean' ? value : Boolean(value));

const asString: DeclaredCopy = (value) => {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value === null) return '';
  if (value === undefined) throw new Error('undefined cannot be written as a string');
  return String(value);
};

const asNumber: DeclaredCopy = (value) => {
  // NaN is an error as in fast-json-stringify; ±Infinity is written null by JSON.stringify as by it.
  if (typeof value === 'number' && value === value) return value;
  const n = Number(value);
  if (n !== n) throw new Error(`The value "${String(value)}" cannot be converted to a number.`);
  return n;
};

const asInteger: DeclaredCopy = (value) => {
  if (Number.isInteger(value)) return value;
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) throw new Error(`The value "${String(value)}" cannot be converted to an integer.`);
  return n;
};

/** Compiles the copy for `schema`; throws on a construct it does not know. */
export function compileDeclaredCopy(schema: unknown): DeclaredCopy {
  return compile(schema, '#', true);
}

/** Fastify's serializerCompiler for a route: the declared copy, then JSON.stringify. */
export const declaredCopySerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const copy = compileDeclaredCopy(schema);
  return (data) => JSON.stringify(copy(data));
};

function compile(schema: unknown, path: string, top = false): DeclaredCopy {
  if (schema === true) return passThrough;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new Error(`${path}: a schema must be an object, not ${JSON.stringify(schema)}`);
  }
  const s = schema as Schema;
  for (const key of Object.keys(s)) {
    if (!SHAPE.has(key) && !WORDS.has(key) && !(top && TOP_WORDS.has(key))) {
      throw new Error(`${path}: the keyword "${key}" is not supported by the declared copy`);
    }
  }
  if (s.format === 'date' || s.format === 'time') {
    // fast-json-stringify writes a Date under these formats in local time, not as its ISO text.
    throw new Error(`${path}: format "${s.format}" is not supported by the declared copy`);
  }
  const union = s.anyOf ?? s.oneOf;
  if (union !== undefined) {
    if (s.anyOf !== undefined && s.oneOf !== undefined) throw new Error(`${path}: both anyOf and oneOf`);
    if (structuralKeys(s).length > 1 || s.allOf !== undefined) {
      throw new Error(`${path}: a union beside other shape keywords is not supported`);
    }
    return compileUnion(branchesOf(union, path), path);
  }
  if (s.allOf !== undefined) return compile(mergeAllOf(s, path), path);
  if ('const' in s) {
    const value = s.const;
    return () => value;
  }
  if (Array.isArray(s.type)) {
    const { type, ...rest } = s;
    return compileUnion(
      (type as unknown[]).map((t) => ({ ...rest, type: t })),
      path,
    );
  }
  switch (s.type) {
    case 'object':
      return compileObject(s, path);
    case 'array':
      return compileArray(s, path);
    case 'string':
      return asString;
    case 'number':
      return asNumber;
    case 'integer':
      return asInteger;
    case 'boolean':
      return asBoolean;
    case 'null':
      return asNull;
    case undefined:
      if (s.properties !== undefined || s.patternProperties !== undefined || 'additionalProperties' in s) {
        return compileObject(s, path);
      }
      if (s.items !== undefined) return compileArray(s, path);
      // An untyped enum, or a schema that only describes (any value): written as it is.
      return passThrough;
    default:
      throw new Error(`${path}: the type ${JSON.stringify(s.type)} is not supported by the declared copy`);
  }
}

function structuralKeys(s: Schema): string[] {
  return Object.keys(s).filter((key) => SHAPE.has(key) && key !== 'required');
}

function branchesOf(union: unknown, path: string): unknown[] {
  if (!Array.isArray(union) || union.length === 0) throw new Error(`${path}: a union needs its branches`);
  // A union of unions is one union (TypeBox nests them: a nullable union of objects).
  return union.flatMap((branch: unknown) => {
    const b = branch as Schema;
    const inner = b && typeof b === 'object' ? (b.anyOf ?? b.oneOf) : undefined;
    return inner !== undefined && structuralKeys(b).length === 1 ? branchesOf(inner, path) : [branch];
  });
}

/** The JSON type a branch writes, to pick it by the value's type. */
function kindOfSchema(branch: unknown, path: string): Kind {
  const b = branch as Schema;
  const type = b.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'null' || type === 'boolean' || type === 'string' || type === 'array' || type === 'object') {
    return type;
  }
  if (type === undefined) {
    const literals = 'const' in b ? [b.const] : Array.isArray(b.enum) ? (b.enum as unknown[]) : [];
    const kinds = new Set(literals.map(kindOfValue));
    const [kind] = kinds;
    if (kinds.size === 1 && kind !== undefined) return kind;
    if (b.properties !== undefined || b.patternProperties !== undefined || b.allOf !== undefined) {
      return 'object';
    }
    if (b.items !== undefined) return 'array';
  }
  throw new Error(`${path}: a union branch whose JSON type is not plain: ${JSON.stringify(branch)}`);
}

/** The JSON type JSON.stringify writes the value as (a Date as its ISO text). */
function kindOfValue(value: unknown): Kind | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return Array.isArray(value) ? 'array' : value instanceof Date ? 'string' : 'object';
    default:
      return undefined;
  }
}

function compileUnion(branches: unknown[], path: string): DeclaredCopy {
  const byKind = new Map<Kind, unknown[]>();
  for (const branch of branches) {
    const kind = kindOfSchema(branch, path);
    byKind.set(kind, [...(byKind.get(kind) ?? []), branch]);
  }
  const table: Partial<Record<Kind, DeclaredCopy>> = {};
  for (const [kind, same] of byKind) {
    if (same.length === 1) table[kind] = compile(same[0], `${path}/${kind}`);
    else if (kind === 'object') table[kind] = compileDiscriminated(same, path);
    else if (kind === 'array') throw new Error(`${path}: a union of several array branches is not supported`);
    // Several literals or primitives of one JSON type (a union of string constants): the value
    // is written as that type, whichever literal it is.
    else
      table[kind] =
        kind === 'null' ? asNull : kind === 'boolean' ? asBoolean : kind === 'number' ? asNumber : asString;
  }
  const nullable = table.null !== undefined && byKind.size === 2;
  const other = nullable ? [...byKind.keys()].find((kind) => kind !== 'null')! : undefined;
  if (other !== undefined) {
    // The common case, `anyOf [X, null]`, without the table's look-up.
    const copy = table[other]!;
    return (value) => {
      if (value === null) return null;
      if (kindOfValue(value) !== other) throw noBranch(path, value);
      return copy(value);
    };
  }
  return (value) => {
    const kind = kindOfValue(value);
    const copy = kind && table[kind];
    if (!copy) throw noBranch(path, value);
    return copy(value);
  };
}

function noBranch(path: string, value: unknown): Error {
  return new Error(`The value at ${path} (${typeof value}) matches none of its schema's branches`);
}

/** Object branches told apart by a required property each declares as a different constant. */
function compileDiscriminated(branches: unknown[], path: string): DeclaredCopy {
  const objects = branches.map((b) => {
    const s = b as Schema;
    return (s.allOf !== undefined ? mergeAllOf(s, path) : s) as Schema;
  });
  const first = objects[0]!;
  const candidates = Object.keys((first.properties as Schema | undefined) ?? {});
  const tag = candidates.find((key) => {
    const values = objects.map((o) => {
      const property = ((o.properties as Schema | undefined) ?? {})[key] as Schema | undefined;
      const required = Array.isArray(o.required) && o.required.includes(key);
      return property && required && 'const' in property ? property.const : undefined;
    });
    return values.every((v) => v !== undefined) && new Set(values).size === values.length;
  });
  if (tag === undefined) {
    throw new Error(`${path}: object branches without a required constant property to tell them apart`);
  }
  const byTag = new Map<unknown, DeclaredCopy>(
    objects.map((o, i) => [
      ((o.properties as Schema)[tag] as Schema).const,
      compileObject(o, `${path}/${tag}=${String(i)}`),
    ]),
  );
  return (value) => {
    const copy = byTag.get((value as Record<string, unknown>)[tag]);
    if (!copy) throw noBranch(path, value);
    return copy(value);
  };
}

/** An allOf of object schemas (TypeBox's Intersect) as the one object schema it describes. */
function mergeAllOf(s: Schema, path: string): Schema {
  const { allOf, ...siblings } = s;
  if (!Array.isArray(allOf) || allOf.length === 0) throw new Error(`${path}: allOf needs its branches`);
  const parts = [...allOf, ...(structuralKeys(siblings).length > 0 ? [siblings] : [])] as Schema[];
  const properties: Schema = {};
  const patternProperties: Schema = {};
  const required = new Set<string>();
  let additional: unknown;
  for (const raw of parts) {
    const part = raw.allOf !== undefined ? mergeAllOf(raw, path) : raw;
    if (part.type !== undefined && part.type !== 'object') {
      throw new Error(`${path}: allOf of a ${JSON.stringify(part.type)} is not supported`);
    }
    for (const key of Object.keys(part)) {
      if (
        !WORDS.has(key) &&
        !['type', 'properties', 'required', 'patternProperties', 'additionalProperties'].includes(key)
      ) {
        throw new Error(`${path}: allOf of a schema with "${key}" is not supported`);
      }
    }
    mergeInto(properties, part.properties as Schema | undefined, path);
    mergeInto(patternProperties, part.patternProperties as Schema | undefined, path);
    for (const name of (part.required as string[] | undefined) ?? []) required.add(name);
    if ('additionalProperties' in part) {
      if (
        additional !== undefined &&
        JSON.stringify(additional) !== JSON.stringify(part.additionalProperties)
      ) {
        throw new Error(`${path}: allOf branches disagree on additionalProperties`);
      }
      additional = part.additionalProperties;
    }
  }
  return {
    type: 'object',
    properties,
    required: [...required],
    ...(Object.keys(patternProperties).length > 0 ? { patternProperties } : {}),
    ...(additional !== undefined ? { additionalProperties: additional } : {}),
  };
}

function mergeInto(into: Schema, from: Schema | undefined, path: string) {
  for (const [key, schema] of Object.entries(from ?? {})) {
    if (key in into && JSON.stringify(into[key]) !== JSON.stringify(schema)) {
      throw new Error(`${path}: allOf branches declare "${key}" differently`);
    }
    into[key] = schema;
  }
}

function compileObject(s: Schema, path: string): DeclaredCopy {
  const properties = (s.properties as Schema | undefined) ?? {};
  const required = new Set((s.required as string[] | undefined) ?? []);
  const keys = Object.keys(properties);
  const copies = keys.map((key) => compile(properties[key], `${path}/${key}`));
  const needed = keys.map((key) => required.has(key));
  for (const name of required) {
    if (!(name in properties)) {
      // fast-json-stringify asks for such a property too; not worth following: none of ours.
      throw new Error(`${path}: "${name}" is required but not declared`);
    }
  }
  const patterns = Object.entries((s.patternProperties as Schema | undefined) ?? {}).map(
    ([pattern, schema]) => [new RegExp(pattern, 'u'), compile(schema, `${path}/${pattern}`)] as const,
  );
  const additional =
    s.additionalProperties === undefined || s.additionalProperties === false
      ? undefined
      : compile(s.additionalProperties, `${path}/additionalProperties`);
  const declared = new Set(keys);
  const fill = propertyCopier(keys, copies, needed, path);
  const others = patterns.length > 0 || additional !== undefined;
  return (value) => {
    let from = value as Record<string, unknown>;
    if (typeof from === 'object' && from !== null && typeof from.toJSON === 'function') {
      from = (from.toJSON as () => Record<string, unknown>)();
    }
    // fast-json-stringify writes `{}` for null, and for another value that is not an object
    // unless a property is required.
    if (from === null) return {};
    if (typeof from !== 'object') from = EMPTY as Record<string, unknown>;
    const out = fill(from);
    if (others) {
      for (const key of Object.keys(from)) {
        if (declared.has(key)) continue;
        const v = from[key];
        if (v === undefined) continue;
        const match = patterns.find(([pattern]) => pattern.test(key));
        if (match) out[key] = match[1](v);
        else if (additional) out[key] = additional(v);
      }
    }
    return out;
  };
}

/** The leaf copies whose common case is written inline: the value already of its type. */
const INLINE = new Map<DeclaredCopy, (v: string, copy: string) => string>([
  [passThrough, (v) => v],
  [asNull, () => 'null'],
  [asString, (v, copy) => `(typeof ${v} === 'string' ? ${v} : ${copy}(${v}))`],
  [asNumber, (v, copy) => `(typeof ${v} === 'number' && ${v} === ${v} ? ${v} : ${copy}(${v}))`],
  [asInteger, (v, copy) => `(Number.isInteger(${v}) ? ${v} : ${copy}(${v}))`],
  [asBoolean, (v, copy) => `(typeof ${v} === 'boolean' ? ${v} : ${copy}(${v}))`],
]);

/**
 * The declared properties' copy as straight-line code, one statement a property: the engine then
 * builds every copy with the same hidden class, where a loop over the keys stores each property
 * through one megamorphic site (the copy of a page of 10 crimes took about twice as long).
 * Only the keys (as JSON string literals) enter the code; the copies are passed in.
 */
function propertyCopier(
  keys: string[],
  copies: DeclaredCopy[],
  needed: boolean[],
  path: string,
): (from: Record<string, unknown>) => Record<string, unknown> {
  const lines = keys.map((key, i) => {
    const name = JSON.stringify(key);
    const copy = INLINE.get(copies[i]!)?.('v', `c[${i}]`) ?? `c[${i}](v)`;
    const absent = needed[i] ? ` else missing(${name});` : '';
    return `v = from[${name}]; if (v !== undefined) out[${name}] = ${copy};${absent}`;
  });
  const missing = (key: string) => {
    throw new Error(`"${key}" is required! (at ${path})`);
  };
  const make = new Function(
    'c',
    'missing',
    `return function copyProperties(from) {\n  const out = {};\n  let v;\n  ${lines.join('\n  ')}\n  return out;\n};`,
  ) as (c: DeclaredCopy[], m: typeof missing) => (from: Record<string, unknown>) => Record<string, unknown>;
  return make(copies, missing);
}

/** A value that is no array where the schema declares one: an error (a 500) as with fast-json-stringify, not an empty list. */
function notAnArray(path: string, value: unknown): unknown[] {
  // fast-json-stringify writes a missing list as [] and refuses anything else.
  if (value === null || value === undefined) return [];
  throw new Error(`The value at ${path} is not an array`);
}

function compileArray(s: Schema, path: string): DeclaredCopy {
  const items = s.items;
  if (Array.isArray(items)) {
    const copies = items.map((item, i) => compile(item, `${path}/${i}`));
    const rest =
      s.additionalItems === false
        ? undefined
        : s.additionalItems === undefined || s.additionalItems === true
          ? passThrough
          : compile(s.additionalItems, `${path}/additionalItems`);
    return (value) => {
      if (!Array.isArray(value)) return notAnArray(path, value);
      if (!rest && value.length > copies.length) {
        throw new Error(`The array at ${path} has ${value.length} items, more than its ${copies.length}`);
      }
      return value.map((v, i) => (i < copies.length ? copies[i]!(v) : rest!(v)));
    };
  }
  const copy = items === undefined ? passThrough : compile(items, `${path}/items`);
  if (copy === passThrough)
    return (value) => {
      if (!Array.isArray(value)) return notAnArray(path, value);
      return value;
    };
  return (value) => {
    if (!Array.isArray(value)) return notAnArray(path, value);
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = copy(value[i]);
    return out;
  };
}
