/**
 * The configuration reference (docs/configuration.md) and .env.example, written from the setting
 * table of common/config/config.ts, the one place each variable's default and meaning are kept.
 * `npm run docs` writes both files; reference.test.ts fails when either is not what this writes.
 */
import { APP_CONFIG_SCHEMA } from '../../common/config/config.ts';
import { valueOf, type Setting } from '../../common/config/setting.ts';

export const CONFIGURATION_PAGE = 'docs/configuration.md';
export const ENV_EXAMPLE = '.env.example';

interface Reference {
  name: string;
  about: string;
  /** The default as a reader is shown it; undefined: none (the variable is unset). */
  shown: string | undefined;
  /** What .env.example writes after `NAME=`. */
  example: string;
}

/** A default as written in a variable: lists comma-separated, as the variable takes them. */
function written(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Every variable, in the table's order, as the two files show it. */
function references(): Reference[] {
  // Each field as a setting of some value: its default is only written out, never used.
  const settings: Setting<unknown>[] = Object.values(APP_CONFIG_SCHEMA.properties);
  return settings.map((field) => {
    const { variable } = field;
    const value = written(valueOf(field, {}));
    return {
      name: variable.name,
      about: variable.about,
      shown: variable.shown ?? value,
      example: variable.example ?? value ?? '',
    };
  });
}

const GENERATED =
  'Written by `npm run docs` from the setting table in `common/config/config.ts`; edit the table, not this file.';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
/** A bare default in a table cell: code, unless the table already wrote it in words. */
const defaultCell = (shown: string | undefined) =>
  shown === undefined ? 'unset' : /[`\s]/.test(shown) ? shown : `\`${shown}\``;
/** docs/x.md, named in a description, as a link from a page beside it. */
const linked = (about: string) => about.replace(/docs\/([a-z-]+\.md)/g, '[$1]($1)');

export function configurationPage(): string {
  const rows = references().map(
    ({ name, shown, about }) => `| \`${name}\` | ${cell(defaultCell(shown))} | ${cell(linked(about))} |`,
  );
  return [
    '# Configuration',
    '',
    `<!-- ${GENERATED} -->`,
    '',
    'All configuration comes from environment variables, or from a `.env` file in the folder the',
    'command runs in (copy [`.env.example`](../.env.example), which lists every variable with its',
    'default). Every variable is optional for a local run. A wrong value stops the process at start-up',
    'with a message that names the variable and what it allows.',
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Words wrapped into `# ` comment lines of at most `width` characters. */
function commented(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

export function envExample(): string {
  const blocks = references().map(({ name, about, example }) =>
    [...commented(about), `# ${name}=${example}`].join('\n'),
  );
  return [
    ...commented(
      `Copy to .env and uncomment what you change. Each line shows the variable's default (or, for one with none, an example). ${GENERATED}`,
    ),
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}
