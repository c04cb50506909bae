import type { TSchema } from 'typebox';
import type { Endpoint, ResponseOf } from './endpoint.ts';

/**
 * A success answer that does not match the endpoint's response schema. A SyntaxError, as
 * JSON.parse throws for an answer that is no JSON: either way the answer cannot be read as the
 * contract says, and whoever handles the one (the UI's "could not read" message) handles both.
 */
export class MalformedAnswer extends SyntaxError {
  override readonly name = 'MalformedAnswer';
}

/** Whether a value matches a schema: TypeBox's `Value.Check`, or the browser's `matchesSchema`. */
export type SchemaCheck = (schema: TSchema, value: unknown) => boolean;

/** What is wrong with a value under a schema, for a log (TypeBox's `Value.Errors`). */
export type ExplainProblems = (schema: TSchema, value: unknown) => readonly string[];

/**
 * The success answer of `endpoint` with HTTP `status`, checked against the response schema the
 * contract gives for that status, so that nothing reads a wrong or half-deployed API's answer as
 * what the contract promises. Throws MalformedAnswer otherwise, also for a status the endpoint
 * has no schema for. The realtime server and the browser check with different code (`check`),
 * held to the same verdicts by common/contracts/schema-check.test.ts.
 */
export function checkedAnswer<E extends Endpoint>(
  endpoint: E,
  status: number,
  body: unknown,
  check: SchemaCheck,
  explain?: ExplainProblems,
): ResponseOf<E> {
  const schema = endpoint.response[status];
  if (!schema) throw new MalformedAnswer(`HTTP ${status}, which ${endpoint.path} does not answer`);
  if (!isAnswer<E>(check, schema, body)) {
    const problems = explain?.(schema, body) ?? [];
    throw new MalformedAnswer(
      `malformed answer from ${endpoint.path}${problems.length ? `: ${problems.join('; ')}` : ''}`,
    );
  }
  return body;
}

// The schema is the one picked by status above; TypeScript cannot follow that pick to the type.
function isAnswer<E extends Endpoint>(
  check: SchemaCheck,
  schema: TSchema,
  body: unknown,
): body is ResponseOf<E> {
  return check(schema, body);
}
