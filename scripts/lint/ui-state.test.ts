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

  const HAND_KEPT_BUSY =
    "A request's busy state by hand: read isPending (and error, data) from its mutation.";

  it.each([
    [
      'export function Card() {\n  const save = useAdminMutation(Save, []);\n  const [busy, setBusy] = useState(false);\n  return [save, busy, setBusy];\n}\n',
    ],
    [
      'export const Card = () => {\n  const send = useMutation({ mutationFn });\n  const [isSending, setSending] = React.useState<boolean>(false);\n  return [send, isSending, setSending];\n};\n',
    ],
    [
      'export function Form() {\n  const [submitting, setSubmitting] = useState(false);\n  const login = useEndpointMutation(Login, []);\n  return [login, submitting, setSubmitting];\n}\n',
    ],
  ])('refuses a busy flag kept beside a mutation: %j', async (code) => {
    expect(await storeFindings(code, 'ui/src/features/admin/Example.tsx')).toContain(HAND_KEPT_BUSY);
  });

  it.each([
    // The form's own values and checks beside a mutation are the form's.
    [
      'export function Card() {\n  const save = useAdminMutation(Save, []);\n  const [code, setCode] = useState("");\n  const [invalid, setInvalid] = useState<string | null>(null);\n  return [save, code, setCode, invalid, setInvalid];\n}\n',
    ],
    // A flag of other work, in a screen that sends nothing.
    [
      'export function Picture() {\n  const [loading, setLoading] = useState(true);\n  return [loading, setLoading];\n}\n',
    ],
  ])('lets %j be', async (code) => {
    expect(await storeFindings(code, 'ui/src/features/admin/Example.tsx')).toEqual([]);
  });

  it('holds only in ui/src: a server may keep its own subscribers', async () => {
    expect(
      await storeFindings('export const listeners = new Set<() => void>();\n', 'realtime/src/example.ts'),
    ).toEqual([]);
  });
});
