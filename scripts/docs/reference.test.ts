import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_CONFIG_SCHEMA } from '../../common/config/config.ts';
import { CONFIGURATION_PAGE, configurationPage, ENV_EXAMPLE, envExample } from './reference.ts';

const read = (file: string) => readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8');
const names = Object.values(APP_CONFIG_SCHEMA.properties).map((field) => field.variable.name);

describe('the configuration reference, written from the setting table', () => {
  it.each([
    [CONFIGURATION_PAGE, configurationPage],
    [ENV_EXAMPLE, envExample],
  ])('%s is what `npm run docs` writes now (run it after changing the table)', (file, write) => {
    expect(read(file)).toBe(write());
  });

  it('names every variable once, with its meaning, in both files', () => {
    const page = configurationPage();
    const example = envExample();
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) {
      expect(page.match(new RegExp(`^\\| \`${name}\` \\| .+ \\| .{10,} \\|$`, 'gm')), name).toHaveLength(1);
      expect(example.match(new RegExp(`^# ${name}=`, 'gm')), name).toHaveLength(1);
    }
  });

  it('shows each default as the table has it, and an example where there is none', () => {
    const example = envExample();
    expect(example).toMatch(/^# PORT=3000$/m);
    expect(example).toMatch(/^# SMTP_ALLOWED_PORTS=25,465,587,2525$/m);
    expect(example).toMatch(/^# DATABASE_URL=mysql:\/\/\S+$/m);
    expect(configurationPage()).toMatch(/^\| `TRUST_PROXY` \| `false` \| /m);
    expect(configurationPage()).toMatch(/^\| `CONTACT_EMAIL` \| unset \| /m);
  });
});
