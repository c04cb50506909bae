import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * common/ is pure (docs/architecture.md): eslint.config.js refuses Node's and the browser's globals
 * in its modules, beside the imports boundaries.test.ts covers. Each case lints one snippet as if
 * written there.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

const NOT_PURE = 'common/ is pure: no I/O, no Node or browser APIs.';

async function purityFindings(code: string, filePath = 'common/clock/example.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-globals')
    .map((m) => m.message.replace(/^Unexpected use of '\w+'\. /, ''));
}

// Loading the config (typescript-eslint) takes seconds on a loaded machine: the first case waits for it.
describe('common/ uses no Node or browser API', { timeout: 60_000 }, () => {
  it.each([
    ['export const here = () => window.location.href;\n'],
    ["export const read = () => localStorage.getItem('x');\n"],
    ["export const get = () => fetch('/api/health');\n"],
    ['export const env = () => process.env.PORT;\n'],
    ["export const bytes = Buffer.from('x');\n"],
    ['export const later = (f: () => void) => setTimeout(f, 10);\n'],
    ["export const say = () => console.log('x');\n"],
    ['export const now = () => performance.now();\n'],
  ])('refuses %j', async (code) => {
    expect(await purityFindings(code)).toEqual([NOT_PURE]);
  });

  it.each([
    ['export const year = (ms: number) => new Date(ms).getUTCFullYear();\n'],
    ["export const words = new Intl.NumberFormat('en-GB').format(1234);\n"],
    ['export const half = (n: number) => Math.round(n / 2);\n'],
    // A parameter of that name is its own, not the global.
    ['export const first = (window: number[]) => window[0];\n'],
  ])('lets %j be', async (code) => {
    expect(await purityFindings(code)).toEqual([]);
  });

  it('holds in common/ only, and not in its tests', async () => {
    const code = 'export const env = () => process.env.PORT;\n';
    expect(await purityFindings(code, 'server-common/example.ts')).toEqual([]);
    expect(await purityFindings(code, 'common/clock/example.test.ts')).toEqual([]);
  });
});
