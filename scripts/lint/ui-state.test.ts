import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The UI keeps its state in TanStack Query and jotai only (docs/architecture.md): eslint.config.js
 * refuses the shapes of a hand-made store in ui/src. Each case lints one snippet as if written there.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

const HAND_MADE_STORE =
  'A hand-made store: keep UI state in jotai atoms (client) or TanStack Query (server).';

async function storeFindings(
  code: string,
  filePath = 'ui/src/features/clocks/example.ts',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// Loading the config (typescript-eslint) takes seconds on a loaded machine: the first case waits for it.
describe('no hand-made stores in the UI', { timeout: 60_000 }, () => {
  it.each([
    ["import { useSyncExternalStore } from 'react';\nexport const use = useSyncExternalStore;\n"],
    ["import React from 'react';\nexport const use = React.useSyncExternalStore;\n"],
    ['export const listeners = new Set<() => void>();\n'],
    ['export const subscribers: Set<(value: number) => void> = new Set();\n'],
    ['export class Feed {\n  private readonly listeners = [] as (() => void)[];\n}\n'],
    ['export class Feed extends EventTarget {}\n'],
    ['export const events = new EventTarget();\n'],
  ])('refuses %j', async (code) => {
    expect(await storeFindings(code)).toContain(HAND_MADE_STORE);
  });

  it.each([
    ["import { atom } from 'jotai';\nexport const countAtom = atom(0);\n"],
    ["export const THEMES = new Set<unknown>(['light', 'dark']);\n"],
    ['export const timers = new Map<string, ReturnType<typeof setTimeout>>();\n'],
  ])('lets %j be', async (code) => {
    expect(await storeFindings(code)).toEqual([]);
  });

  it('holds only in ui/src: a server may keep its own subscribers', async () => {
    expect(
      await storeFindings('export const listeners = new Set<() => void>();\n', 'realtime/src/example.ts'),
    ).toEqual([]);
  });
});
