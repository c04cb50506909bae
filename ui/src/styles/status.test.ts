import { describe, expect, it } from 'vitest';
import {
  composite,
  contrastRatio,
  MIN_CONTRAST_GRAPHIC,
  MIN_CONTRAST_LARGE_TEXT,
  MIN_CONTRAST_TEXT,
  parseColor,
  type Rgba,
} from './contrast.test-support.ts';

// Vitest hands CSS imports over empty (even with ?raw), so the stylesheets are read from disk. The
// UI is typed for the browser, without Node's types, hence the module name kept out of sight.
const NODE_FS = 'node:fs';
const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  readFileSync(file: URL, encoding: 'utf8'): string;
};
const sheet = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

const tokensCss = sheet('./tokens.css');
const statusCss = sheet('./status.css');
const embedCss = sheet('../features/embed/embed.css');
const clocksCss = sheet('../features/clocks/clocks.css');
const searchCss = sheet('../features/search/search.css');
const toastCss = sheet('../features/toast/toast.css');

/**
 * The trend and status palette (status.css) read as the browser reads it: custom properties per
 * selector, `var()` resolved in the scope that uses them, translucent backgrounds laid over what is
 * beneath. Every text colour must reach WCAG 2.x AA on the background it is drawn on.
 */

type Declarations = Map<string, string>;

/** The custom properties of every plain `selector { ... }` block, by selector. */
function customProperties(css: string): Map<string, Declarations> {
  const bySelector = new Map<string, Declarations>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors, body] of withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    for (const selector of selectors!.split(',').map((s) => s.trim().replace(/\s+/g, ' '))) {
      const declarations = bySelector.get(selector) ?? new Map<string, string>();
      for (const [, name, value] of body!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
        declarations.set(name!, value!.trim());
      }
      bySelector.set(selector, declarations);
    }
  }
  return bySelector;
}

// In cascade order: the tokens, the palette, then the embed's dark tokens.
const SHEETS = [tokensCss, statusCss, embedCss].map(customProperties);

const LIGHT = ':root';
const KIOSK = '.kiosk';
const DARK_EMBED = ".clock-theme[data-theme='dark']";

/** What an element inside `scope` sees: :root's properties, overridden by the scope's own. */
function scopeProperties(scope: string): Declarations {
  const merged = new Map<string, string>();
  for (const selector of scope === LIGHT ? [LIGHT] : [LIGHT, scope]) {
    for (const sheet of SHEETS)
      for (const [name, value] of sheet.get(selector) ?? []) merged.set(name, value);
  }
  return merged;
}

function resolve(scope: string, name: string, seen: string[] = []): string {
  if (seen.includes(name)) throw new Error(`var() cycle: ${[...seen, name].join(' -> ')}`);
  const value = scopeProperties(scope).get(name);
  if (value === undefined) throw new Error(`${name} is not defined for ${scope}`);
  return value.replace(/var\(\s*(--[\w-]+)\s*\)/g, (_, inner: string) =>
    resolve(scope, inner, [...seen, name]),
  );
}

/** The backgrounds everything in a scope finally sits on. */
const BACKDROPS: Record<string, string[]> = {
  [LIGHT]: ['--color-surface', '--color-bg'],
  // The view is night blue, lighter where the glow at the top reaches.
  [KIOSK]: ['--kiosk-backdrop', '--kiosk-glow'],
  [DARK_EMBED]: ['--color-surface'],
};

interface Check {
  scope: string;
  what: string;
  /** The colour that must stand out: text, or a border or mark (then `min` is 3). */
  text: string;
  /** The layers under the text, nearest first; they are laid over each of the scope's backdrops. */
  on: string[];
  /** Instead of the scope's backdrops. */
  backdrops?: string[];
  /** 4.5 (text) unless told. */
  min?: number;
}

/** The lowest contrast of the check over every backdrop it can be on. */
function lowestContrast(check: Check): number {
  const color = (name: string): Rgba => parseColor(resolve(check.scope, name));
  return Math.min(
    ...(check.backdrops ?? BACKDROPS[check.scope]!).map((backdrop) => {
      const background = [...check.on]
        .reverse()
        .reduce((beneath, layer) => composite(color(layer), beneath), color(backdrop));
      return contrastRatio(color(check.text), background);
    }),
  );
}

const TRENDS = ['up', 'down', 'stable'];
const FEED_STATES = ['live', 'reconnecting', 'waiting'];
const CARD_TAGS = ['badge-peak', 'badge-off-peak', 'speed-faster', 'speed-slower'];

const CHECKS: Check[] = [
  // Light pages
  ...TRENDS.flatMap((trend) => [
    { scope: LIGHT, what: `trend ${trend}`, text: `--trend-${trend}`, on: [`--trend-${trend}-bg`] },
    // The summary banner shows the trend on a plain white pill.
    {
      scope: LIGHT,
      what: `trend ${trend} on the surface`,
      text: `--trend-${trend}`,
      on: ['--color-surface'],
    },
  ]),
  ...FEED_STATES.map((state) => ({
    scope: LIGHT,
    what: `feed ${state}`,
    text: `--status-${state}`,
    on: [`--status-${state}-bg`],
  })),
  ...CARD_TAGS.map((tag) => ({ scope: LIGHT, what: tag, text: `--${tag}`, on: [`--${tag}-bg`] })),
  ...['valid', 'invalid'].map((state) => ({
    scope: LIGHT,
    what: `${state} field border`,
    text: `--input-${state}`,
    on: ['--color-surface'],
    min: MIN_CONTRAST_GRAPHIC,
  })),
  { scope: LIGHT, what: 'toast', text: '--toast', on: ['--toast-bg'] },
  { scope: LIGHT, what: 'destructive toast', text: '--toast-error', on: ['--toast-error-bg'] },
  // The tokens behind alerts and status badges
  { scope: LIGHT, what: 'success', text: '--color-success', on: ['--color-success-soft'] },
  { scope: LIGHT, what: 'warning', text: '--color-warning', on: ['--color-warning-soft'] },
  { scope: LIGHT, what: 'destructive', text: '--color-destructive', on: ['--color-destructive-soft'] },

  // Wall-screen view
  ...FEED_STATES.map((state) => ({
    scope: KIOSK,
    what: `kiosk feed ${state}`,
    text: `--status-${state}`,
    on: [`--status-${state}-bg`],
  })),
  ...CARD_TAGS.map((tag) => ({
    scope: KIOSK,
    what: `kiosk ${tag}`,
    text: `--${tag}`,
    on: [`--${tag}-bg`, '--kiosk-card-bg'],
  })),
  { scope: KIOSK, what: 'kiosk card figures', text: '--kiosk-text-muted', on: ['--kiosk-card-bg'] },
  { scope: KIOSK, what: 'kiosk secondary count line', text: '--kiosk-text-muted', on: [] },
  {
    scope: KIOSK,
    what: 'kiosk source line, at the foot below the glow',
    text: '--kiosk-text-faint',
    on: [],
    backdrops: ['--kiosk-backdrop'],
  },

  // Dark embed
  ...FEED_STATES.map((state) => ({
    scope: DARK_EMBED,
    what: `dark embed feed ${state}`,
    text: `--status-${state}`,
    on: [`--status-${state}-bg`],
  })),
];

describe('the trend and status palette', () => {
  it.each(CHECKS.map((check) => [check.what, check] as const))('%s reaches AA', (_, check) => {
    const min = check.min ?? MIN_CONTRAST_TEXT;
    const ratio = lowestContrast(check);
    expect(
      ratio,
      `${check.what}: ${resolve(check.scope, check.text)} on ${check.on.join(' over ') || 'the backdrop'} ` +
        `is ${ratio.toFixed(2)}:1, needs ${min}:1`,
    ).toBeGreaterThanOrEqual(min);
  });

  it('checks every colour the palette declares', () => {
    const checked = new Set(CHECKS.flatMap((check) => [check.text, ...check.on, ...(check.backdrops ?? [])]));
    Object.values(BACKDROPS)
      .flat()
      .forEach((name) => checked.add(name));
    const declared = [...customProperties(statusCss).values()].flatMap((declarations) => [
      ...declarations.keys(),
    ]);
    // Borders frame a pill whose text already says the state; they carry no meaning of their own.
    const unchecked = declared.filter((name) => !checked.has(name) && !name.endsWith('-border'));
    expect(unchecked).toEqual([]);
  });

  it('is where the features take these colours from', () => {
    // The modifier classes that show a trend or a status set no colour of their own (a colour
    // keyword, not a property such as white-space).
    const STATUS_RULE = /\.(trend|live-indicator|clock-badge|clock-speed|toast)--[\w-]+[^{}]*\{([^{}]*)\}/g;
    const literals: string[] = [];
    for (const css of [clocksCss, searchCss, toastCss]) {
      for (const [rule, , body] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(STATUS_RULE)) {
        if (/#[0-9a-f]{3,8}\b|rgba?\(|(?<![\w-])(white|black)(?![\w-])/i.test(body!))
          literals.push(rule.trim());
      }
    }
    expect(literals).toEqual([]);
  });

  it('would notice a colour changed to one that fails', () => {
    const faint: Check = { scope: LIGHT, what: 'probe', text: '--color-border', on: ['--color-surface'] };
    expect(lowestContrast(faint)).toBeLessThan(MIN_CONTRAST_TEXT);
  });
});

/**
 * A count that rises flashes (clocks/motion.ts): --flash eases from 1 to 0 while the digits go
 * from the flash colour back to their own and their card from a tint of the flash colour back to
 * its background (clocks.css). A reader, and axe, sees whichever instant it looks at, so the digits
 * must keep their contrast on the card at every instant of the flash. They are large text (bold,
 * 20 px and more on every card), for which AA asks 3:1.
 */
describe('the flash of a rising count', () => {
  const clockSheet = customProperties(clocksCss);

  interface Flash {
    what: string;
    scope: string;
    /** The rules of clocks.css the card's digits take their colours from, nearest first. */
    rules: string[];
    /** How much of the flash colour tints the card at the flash's height (clocks.css). */
    tint: number;
    /** The card's own background. */
    card: string;
  }

  /** A custom property as the digits see it: clocks.css's rules, then the scope's palette. */
  function clockValue(flash: Flash, name: string): string | undefined {
    const own = flash.rules
      .map((rule) => clockSheet.get(rule)?.get(name))
      .find((value) => value !== undefined);
    const value = own ?? scopeProperties(flash.scope).get(name);
    return value?.replace(/var\(\s*(--[\w-]+)\s*\)/g, (_, inner: string) => {
      const resolved = clockValue(flash, inner);
      if (resolved === undefined) throw new Error(`${inner} is not defined for ${flash.what}`);
      return resolved;
    });
  }

  function color(flash: Flash, name: string): Rgba {
    const value = clockValue(flash, name);
    if (value === undefined) throw new Error(`${name} is not defined for ${flash.what}`);
    return parseColor(value);
  }

  /** color-mix(in srgb, a p, b): premultiplied by alpha, as CSS Color 5 mixes. */
  function mix(a: Rgba, b: Rgba, p: number): Rgba {
    const alpha = a.a * p + b.a * (1 - p);
    if (alpha === 0) return { r: 0, g: 0, b: 0, a: 0 };
    const channel = (x: number, y: number) => (x * a.a * p + y * b.a * (1 - p)) / alpha;
    return { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: alpha };
  }

  /** The lowest contrast of the digits on their card over the flash (21 steps), on every backdrop. */
  function lowestFlashContrast(flash: Flash, textOverride?: string): number {
    const count = color(flash, '--clock-count-color');
    const flashColor = color(flash, '--clock-flash-color');
    const text = textOverride
      ? parseColor(textOverride)
      : clockValue(flash, '--clock-flash-text') !== undefined
        ? color(flash, '--clock-flash-text')
        : flashColor;
    const card = color(flash, flash.card);
    const ratios = BACKDROPS[flash.scope]!.flatMap((backdrop) =>
      Array.from({ length: 21 }, (_, step) => {
        const height = step / 20;
        const background = composite(mix(flashColor, card, height * flash.tint), color(flash, backdrop));
        return contrastRatio(mix(text, count, height), background);
      }),
    );
    return Math.min(...ratios);
  }

  const FLASHES: Flash[] = [
    {
      what: 'an incident card',
      scope: LIGHT,
      rules: ['.category-card', '.clock-page'],
      tint: 0.1,
      card: '--color-surface',
    },
    {
      what: 'a people-affected card',
      scope: LIGHT,
      rules: ['.clock-prevalence .category-card', '.category-card', '.clock-page'],
      tint: 0.1,
      card: '--color-surface',
    },
    {
      what: 'a wall-screen card',
      scope: KIOSK,
      rules: ['.kiosk .category-card', '.kiosk'],
      tint: 0.18,
      card: '--kiosk-card-bg',
    },
  ];

  it.each(FLASHES.map((flash) => [flash.what, flash] as const))(
    'the digits of %s keep AA contrast from the flash back to rest',
    (_, flash) => {
      expect(lowestFlashContrast(flash)).toBeGreaterThanOrEqual(MIN_CONTRAST_LARGE_TEXT);
    },
  );

  it('would notice digits flashing in the bright teal of their card (2.3:1 on its tint)', () => {
    expect(lowestFlashContrast(FLASHES[1]!, '#14b8a6')).toBeLessThan(MIN_CONTRAST_LARGE_TEXT);
  });
});
