/**
 * The kinds of text the environment's variables hold, each checked and parsed into its schema's
 * type (the table in `config.ts` names one per setting).
 *
 * Value.Convert is not used: its coercions are looser than what is promised here ("true" becomes
 * the port 1, "3.5" becomes 3), so numbers are checked as digits and turned into numbers after.
 */
import Type, { type TBoolean, type TEnum, type TInteger, type TString } from 'typebox';
import type { Kind } from './setting.ts';

interface TextRule {
  allows: string;
  secret?: boolean;
  pattern?: string;
  check?: (text: string) => boolean;
}

/** Text taken as written, once it passes the rule. */
export const text = ({ check = () => true, ...rule }: TextRule): Kind<TString> => ({
  ...rule,
  check,
  schema: (options) => Type.String(options),
  parse: (written) => written,
});

export const ANY_TEXT = text({ allows: 'any text' });

export function isUrl(written: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(written).protocol);
  } catch {
    return false;
  }
}

export const url = (protocols: readonly string[], secret = false) =>
  text({ allows: `a ${protocols.join(' or ')} URL`, secret, check: (written) => isUrl(written, protocols) });

/** A URL paths are appended to: its trailing slashes are dropped. */
export const baseUrl = (protocols: readonly string[], secret = false): Kind<TString> => ({
  ...url(protocols, secret),
  parse: (written) => written.replace(/\/+$/, ''),
});

export const whole = (min: number, max: number): Kind<TInteger> => ({
  allows: `a whole number from ${min} to ${max}`,
  pattern: '^\\d+$',
  check: (digits) => Number(digits) >= min && Number(digits) <= max,
  schema: (options) => Type.Integer(options),
  parse: Number,
});

/** One of these words, as the enum of their schema. */
export function oneOf<const Values extends string[]>(
  values: readonly [...Values],
): Kind<TEnum<Values>, Values[number]> {
  const isOne = (word: string): word is Values[number] => values.some((value) => value === word);
  return {
    allows: `one of: ${values.join(', ')}`,
    check: isOne,
    schema: (options) => Type.Enum(values, options),
    // The guard gives the word the enum's type; a setting never parses a word its check refused.
    parse: (word) => {
      if (isOne(word)) return word;
      throw new RangeError(`"${word}" is not one of: ${values.join(', ')}`);
    },
  };
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const BOOLEAN_WORDS = [...TRUE_WORDS, '0', 'false', 'no', 'off'];

export const yesOrNo: Kind<TBoolean> = {
  allows: 'true or false',
  check: (word) => BOOLEAN_WORDS.includes(word.toLowerCase()),
  schema: (options) => Type.Boolean(options),
  parse: (word) => TRUE_WORDS.includes(word.toLowerCase()),
};

/** A comma-separated list's entries, trimmed. */
export const listOf = (written: string) => written.split(',').map((entry) => entry.trim());

/** A comma-separated list's entries, trimmed, empty ones left out. */
export const entriesOf = (written: string) => listOf(written).filter((entry) => entry !== '');
