import type { TSchema } from 'typebox';

/**
 * Whether a JSON value matches a contract's schema: the part of JSON Schema the contracts' answers
 * are written in, checked as TypeBox's `Check` checks it. The browser checks every answer with
 * this rather than with TypeBox's own checker, which would add about 10 kB (brotli) to the pages
 * and put the embed over its budget (docs/benchmarks.md); schema-check.test.ts holds the two to
 * the same verdicts on every endpoint's response schemas, and fails on a keyword this does not
 * know. A keyword it does not know fails the check: no answer is let through unchecked.
 */
export function matchesSchema(schema: TSchema, value: unknown): boolean {
  return testOf(schema)(value);
}

type Test = (value: unknown) => boolean;
/** Builds the test of one keyword from its argument (and the schema, for keywords read together). */
type Keyword = (argument: unknown, schema: Readonly<Record<string, unknown>>) => Test;

const ANNOTATIONS = new Set(['title', 'description', 'examples']);

const KEYWORDS: Readonly<Record<string, Keyword>> = {
  type: (type) => {
    const tests = (Array.isArray(type) ? type : [type]).map(typeTest);
    return (value) => tests.some((test) => test(value));
  },
  const: (constant) => (value) => sameJson(constant, value),
  enum: (options) => (value) => Array.isArray(options) && options.some((option) => sameJson(option, value)),
  anyOf: (schemas) => {
    const tests = listOf(schemas).map(testOf);
    return (value) => tests.some((test) => test(value));
  },
  allOf: (schemas) => {
    const tests = listOf(schemas).map(testOf);
    return (value) => tests.every((test) => test(value));
  },

  minimum: (bound) => (value) => typeof value !== 'number' || (typeof bound === 'number' && value >= bound),
  maximum: (bound) => (value) => typeof value !== 'number' || (typeof bound === 'number' && value <= bound),
  exclusiveMinimum: (bound) => (value) =>
    typeof value !== 'number' || (typeof bound === 'number' && value > bound),
  exclusiveMaximum: (bound) => (value) =>
    typeof value !== 'number' || (typeof bound === 'number' && value < bound),
  pattern: (pattern) => {
    const regExp = typeof pattern === 'string' ? unicodeRegExp(pattern) : null;
    return (value) => typeof value !== 'string' || (regExp !== null && regExp.test(value));
  },

  minItems: (bound) => (value) =>
    !Array.isArray(value) || (typeof bound === 'number' && value.length >= bound),
  items: (items) => {
    // An array of schemas describes a tuple, position by position (additionalItems the rest).
    if (Array.isArray(items)) {
      const tests = items.map(testOf);
      return (value) =>
        !Array.isArray(value) || tests.every((test, index) => index >= value.length || test(value[index]));
    }
    const test = testOf(items);
    return (value) => !Array.isArray(value) || value.every(test);
  },
  additionalItems: (schema, { items }) => {
    // Without a tuple's `items` there is no "rest": the keyword says nothing.
    if (!Array.isArray(items)) return () => true;
    const test = testOf(schema);
    return (value) => !Array.isArray(value) || value.slice(items.length).every(test);
  },

  required: (names) => (value) =>
    !isRecord(value) || listOf(names).every((name) => typeof name === 'string' && Object.hasOwn(value, name)),
  properties: (properties) => {
    const tests = Object.entries(recordOf(properties)).map(
      ([name, schema]) => [name, testOf(schema)] as const,
    );
    return (value) =>
      !isRecord(value) || tests.every(([name, test]) => !Object.hasOwn(value, name) || test(value[name]));
  },
  patternProperties: (patterns) => {
    const tests = Object.entries(recordOf(patterns)).map(
      ([pattern, schema]) => [unicodeRegExp(pattern), testOf(schema)] as const,
    );
    return (value) =>
      !isRecord(value) ||
      Object.entries(value).every(([name, item]) =>
        tests.every(([pattern, test]) => !pattern.test(name) || test(item)),
      );
  },
  additionalProperties: (schema, { properties, patternProperties }) => {
    const named = new Set(Object.keys(recordOf(properties)));
    const patterns = Object.keys(recordOf(patternProperties)).map(unicodeRegExp);
    const test = testOf(schema);
    return (value) =>
      !isRecord(value) ||
      Object.entries(value).every(
        ([name, item]) => named.has(name) || patterns.some((pattern) => pattern.test(name)) || test(item),
      );
  },
};

/** The keywords checked here, and those that say nothing about a value; anything else fails. */
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([...Object.keys(KEYWORDS), ...ANNOTATIONS]);

const refuse: Test = () => false;
// A schema's test is built once: the contracts' schemas are constants, and a page checks the same
// few answers again and again (a map of thousands of marks among them).
const tests = new WeakMap<object, Test>();

function testOf(schema: unknown): Test {
  // `true` and `false` are schemas too (additionalProperties: false).
  if (typeof schema === 'boolean') return () => schema;
  if (!isRecord(schema)) return refuse;
  let test = tests.get(schema);
  if (!test) {
    const parts = Object.entries(schema)
      .filter(([keyword]) => !ANNOTATIONS.has(keyword))
      .map(([keyword, argument]) => {
        const build = Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined;
        return build ? build(argument, schema) : refuse;
      });
    test = (value) => parts.every((part) => part(value));
    tests.set(schema, test);
  }
  return test;
}

function typeTest(name: unknown): Test {
  switch (name) {
    case 'object':
      return isRecord;
    case 'array':
      return Array.isArray;
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return Number.isFinite;
    case 'integer':
      return Number.isInteger;
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    // TypeBox's types of no value (Type.Void, Type.Undefined): an answer without a body.
    case 'void':
    case 'undefined':
      return (value) => value === undefined;
    default:
      return refuse;
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const recordOf = (value: unknown): Readonly<Record<string, unknown>> => (isRecord(value) ? value : {});

/** Equal as JSON values: the same primitive, or arrays and objects equal member by member. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const names = Object.keys(a);
  return (
    names.length === Object.keys(b).length &&
    names.every((name) => Object.hasOwn(b, name) && sameJson(a[name], b[name]))
  );
}

/** JSON Schema's patterns are ECMAScript regular expressions in Unicode mode, as TypeBox reads them. */
function unicodeRegExp(pattern: string): RegExp {
  return new RegExp(pattern, 'u');
}
