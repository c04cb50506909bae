// Types of steps.mjs (plain ESM so it runs before any build), for the TypeScript that tests it.
export interface Step {
  name: string;
  /** Steps that must have ended first (ignored when not in the list). */
  needs?: string[];
  /** Steps of one group never run at the same time. */
  group?: string;
  run(): Promise<{ code: number; outputFiles?: string[] }>;
}
export interface StepResult {
  name: string;
  ok: boolean;
  /** Why it was not run (a step it needs failed). */
  skipped?: string;
  code: number;
  outputFiles: string[];
  /** When it started, from the start of the first step. */
  startMs: number;
  ms: number;
}
export declare function runSteps(
  steps: Step[],
  options?: {
    parallel?: number;
    onStart?: (step: Step, startMs: number) => void;
    onEnd?: (result: StepResult) => void;
  },
): Promise<StepResult[]>;
