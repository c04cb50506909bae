/**
 * A setting: one field of the configuration and the environment variable it is read from,
 * declared once in the table of `config.ts`. The setting is the field's TypeBox schema carrying
 * its variable's facts, so that the configuration's schema is the table itself and the
 * environment's schema and the parsing are derived from it: no setting is named twice.
 */
import Type, { type Static, type TSchema, type TSchemaOptions } from 'typebox';

/**
 * What a variable's text may be and what it becomes. `T` is the value's type, which is
 * `Static<S>` wherever a setting takes the kind; a generic kind (one of some words) writes it
 * out, as TypeScript cannot evaluate `Static<>` of a schema it does not yet know.
 */
export interface Kind<S extends TSchema, T = Static<S>> {
  /** A new schema of the value, with the setting's description in its options. */
  schema: (options: TSchemaOptions) => S;
  /** What the text may be, in words: the message naming a wrong variable ends with them. */
  allows: string;
  /** Keeps the text out of that message (credentials and keys). */
  secret?: boolean;
  /** A regular expression the whole text must match, besides `check`. */
  pattern?: string;
  check: (text: string) => boolean;
  /** The value of a text that passed `pattern` and `check` (it is given no other). */
  parse: (text: string) => T;
}

/** The value of another setting, for a default that depends on it. */
type Read = <T>(setting: Setting<T>) => T;

/**
 * What a reader is told of a variable: docs/configuration.md and .env.example are written from
 * these (`npm run docs`), so the table is their one source.
 */
interface Described {
  /** What the variable does, in a sentence or a few. */
  about: string;
  /** The default in words, where the value alone would mislead (computed, or none). */
  shown?: string;
  /** A value to show in .env.example for a variable with no default. */
  example?: string;
}

/** What a setting knows of its variable: the kind's checks, its parse, its default and its words. */
interface Variable<T> extends Omit<Kind<TSchema, T>, 'schema'>, Described {
  name: string;
  /** The value when the variable is unset (or empty). */
  unset: (read: Read) => T;
}

export interface Setting<T> {
  variable: Variable<T>;
}

/**
 * A default written as the value, or computed from other settings' values (`defaultFrom`, also
 * for an array, so that each configuration gets its own).
 */
type Default<T> = { default: T } | { defaultFrom: (read: Read) => T };

const described = (about: string): TSchemaOptions => ({ description: about });

// Object.assign types the schema with its variable (S & { variable }) without a cast.
const withVariable = <S extends TSchema, T>(schema: S, variable: Variable<T>) =>
  Object.assign(schema, { variable });

/** A setting with a default: the variable `name`, read as `kind`, described by `about`. */
export function setting<S extends TSchema>(
  name: string,
  kind: Kind<S, Static<S>>,
  options: Default<NoInfer<Static<S>>> & Described,
) {
  const { schema, ...facts } = kind;
  const { about, shown, example } = options;
  const unset = 'default' in options ? () => options.default : options.defaultFrom;
  return withVariable(schema(described(about)), { name, ...facts, about, shown, example, unset });
}

/** A setting with no default: undefined when its variable is unset. */
export function optional<S extends TSchema>(name: string, kind: Kind<S, Static<S>>, words: Described) {
  const { schema, ...facts } = kind;
  const field = Type.Union([schema({}), Type.Undefined()], described(words.about));
  const variable: Variable<Static<S> | undefined> = { name, ...facts, ...words, unset: () => undefined };
  return withVariable(field, variable);
}

/** The setting's value in checked variables (set and not empty): its text parsed, or its default. */
export function valueOf<T>(setting: Setting<T>, variables: Readonly<Record<string, string>>): T {
  const { name, parse, unset } = setting.variable;
  const text = variables[name];
  return text === undefined ? unset((other) => valueOf(other, variables)) : parse(text);
}

/** The variable as the environment's schema checks it: an optional string its kind allows. */
export const textSchemaOf = ({ pattern, check }: Variable<unknown>) =>
  Type.Optional(Type.Refine(Type.String(pattern === undefined ? {} : { pattern }), check));
