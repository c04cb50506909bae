import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * How request parts are checked against route schemas. Fastify's default Ajv coerces types
 * everywhere (`coerceTypes: 'array'`): a JSON body's `["x"]` became `"x"` and `123` became
 * `"123"`, so a value of the wrong type slipped past its schema. Here:
 * - a JSON body is checked as sent: no coercion at all;
 * - query strings, path parameters and headers arrive as text, so a number may still be read from
 *   its digits, but a repeated parameter (an array) is never squeezed into a scalar;
 * - in every part, text with a NUL byte or half a UTF-16 surrogate pair, and numbers that are not
 *   finite (`1e400` parses to Infinity; the query string's "Infinity"), are refused: the databases
 *   cannot store them faithfully, so they are a 400 here rather than an error deep in a service.
 */

type BuildValidator = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;
type ExternalSchemas = Record<string, unknown>;
interface AjvOptions {
  customOptions?: Record<string, unknown>;
  [option: string]: unknown;
}
/** ajv-compiler's pool, typed as Fastify calls it (its own types describe Ajv's compile). */
type CompilerPool = (
  externalSchemas: ExternalSchemas,
  options: AjvOptions,
) => (route: { schema: object; httpPart?: string }) => Validator;

interface ValidationError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

function pointer(path: readonly (string | number)[]): string {
  return path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

// eslint-disable-next-line no-control-regex -- the point is to find NUL bytes
const NUL = /\u0000/;
// Half a surrogate pair: no UTF-8 (so no database column) can hold it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storableText = (text: string) => !NUL.test(text) && !LONE_SURROGATE.test(text);

/** The first value of `data` the databases cannot hold, as a validation error; null when none. */
export function unstorableValueIn(data: unknown): ValidationError | null {
  // An explicit stack: a deeply nested body must not exhaust the call stack here.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    let message: string | undefined;
    if (typeof value === 'string') {
      if (NUL.test(value)) message = 'must not contain a NUL character';
      else if (LONE_SURROGATE.test(value)) message = 'must be valid Unicode text (no lone surrogates)';
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) message = 'must be a finite number';
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!storableText(key)) {
          message = 'must not have a property name with a NUL character or lone surrogate';
          break;
        }
        stack.push({ value: item, path: [...path, key] });
      }
    }
    if (message) {
      return { keyword: 'storable', instancePath: pointer(path), schemaPath: '#', params: {}, message };
    }
  }
  return null;
}

/** Runs Ajv's check, then refuses values no database stores faithfully (after any coercion). */
function refusingUnstorable(validate: Validator): Validator {
  const wrapped: Validator = (data, context) => {
    const valid = validate(data, context);
    if (valid === false || (valid !== null && typeof valid === 'object' && 'then' in valid)) {
      wrapped.errors = validate.errors;
      return valid;
    }
    const problem = unstorableValueIn(data);
    wrapped.errors = problem ? [problem] : null;
    return problem ? false : valid;
  };
  // Fastify passes the parent object (so Ajv can coerce a root value) only when this is present.
  if (validate.schemaEnv !== undefined) wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

const BASE_OPTIONS = { removeAdditional: 'all', allErrors: false, useDefaults: true } as const;

/** For Fastify's `schemaController.compilersFactory.buildValidator`. */
export function strictValidatorFactory(): BuildValidator {
  const factory = AjvCompiler() as unknown as CompilerPool;
  const build = (externalSchemas: ExternalSchemas, options: AjvOptions) => {
    const custom = options.customOptions ?? {};
    const forBody = factory(externalSchemas, {
      ...options,
      customOptions: { ...custom, ...BASE_OPTIONS, coerceTypes: false },
    });
    const forText = factory(externalSchemas, {
      ...options,
      customOptions: { ...custom, ...BASE_OPTIONS, coerceTypes: true },
    });
    // What Fastify hands a validator compiler (ajv-compiler's own types describe Ajv's compile).
    return (route: { schema: object; httpPart?: string }) => {
      const compile = route.httpPart === 'body' ? forBody : forText;
      return refusingUnstorable(compile(route));
    };
  };
  return build as unknown as BuildValidator;
}
