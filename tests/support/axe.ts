import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

/**
 * axe-core in a page under test. The script goes in through the DevTools protocol (an evaluated
 * expression), not a <script> tag, so the product's Content-Security-Policy, which forbids inline
 * scripts, stays as it is in production.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices (landmarks, heading order,
 * unique names), whose findings are mostly moderate: only serious and critical ones fail a page.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** The impacts that fail a page; minor and moderate findings are printed but let it pass. */
export const BLOCKING_IMPACTS = ['serious', 'critical'];

export interface AxeNode {
  target: string;
  html: string;
  summary: string;
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: AxeNode[];
}

export interface AxeOptions {
  /** Rule tags to run; AXE_TAGS unless told. */
  tags?: string[];
}

async function inject(frame: Frame): Promise<void> {
  if ((await frame.evaluate('typeof window.axe')) === 'undefined') await frame.evaluate(AXE_SOURCE);
}

interface AxeRunResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; html: string; failureSummary?: string }[];
  }[];
}

/** Runs axe on the page (and its same-origin frames) and returns every violation it finds. */
export async function runAxe(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  for (const frame of page.frames()) await inject(frame);
  const runOptions = {
    runOnly: { type: 'tag', values: options.tags ?? AXE_TAGS },
    resultTypes: ['violations'],
  };
  const result = await page.evaluate(
    (opts) => (globalThis as unknown as { axe: { run(o: unknown): Promise<AxeRunResult> } }).axe.run(opts),
    runOptions,
  );
  return result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' '),
      html: node.html.length > 160 ? `${node.html.slice(0, 157)}...` : node.html,
      summary: (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' | '),
    })),
  }));
}

/** Violations as a reader wants them in a failed test: rule, impact, where, and why. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) =>
      [
        `[${violation.impact}] ${violation.id}: ${violation.help}`,
        ...violation.nodes.map((node) => `    at ${node.target}\n      ${node.html}\n      ${node.summary}`),
      ].join('\n'),
    )
    .join('\n');
}

export function blocking(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((violation) => BLOCKING_IMPACTS.includes(violation.impact));
}
