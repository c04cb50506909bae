import { describe, expect, it } from 'vitest';
import type { NativeModule } from './native-modules.ts';
import { ARGON2, SQLITE3 } from './native-modules.ts';
import { checkRuntime, probeInChild, productNodeRange, RuntimeCheckError } from './preflight.ts';

// A module that is surely installed (preflight's own dependency), with probes that work, throw or
// kill the child with the signal a native module built for another Node dies of.
const semverWith = (probe: string, optional = false): NativeModule => ({
  specifier: 'semver',
  role: 'a probe fixture',
  probe,
  optional,
});
const CRASHES = "process.kill(process.pid, 'SIGSEGV'); await new Promise(() => {});";

describe('probeInChild', () => {
  const url = import.meta.resolve('semver');

  it('passes a module whose statement runs', () => {
    expect(
      probeInChild([{ specifier: 'semver', url, probe: "if (!mod.default.valid('1.2.3')) throw 1;" }]),
    ).toEqual(new Map());
  });

  it('names the module that crashed the child and the signal, and tries the rest in a new child', () => {
    const failures = probeInChild([
      { specifier: 'first', url, probe: '' },
      { specifier: 'crashing', url, probe: CRASHES },
      { specifier: 'after', url, probe: '' },
      { specifier: 'failing-after', url, probe: "throw new Error('no binary');" },
    ]);
    expect(failures.get('first')).toBeUndefined();
    expect(failures.get('crashing')).toMatch(/crashed the process \(SIGSEGV\)/);
    expect(failures.has('after')).toBe(false);
    expect(failures.get('failing-after')).toBe('failed: no binary');
  });

  it('reports the first line of what a probe threw', () => {
    const failures = probeInChild([
      { specifier: 'semver', url, probe: "throw new Error('no binary\\nstack');" },
    ]);
    expect(failures.get('semver')).toBe('failed: no binary');
  });
});

describe('checkRuntime', () => {
  it("refuses a Node outside the product's engines, naming the range and the command", () => {
    const check = () => checkRuntime('Crime Clock API', [SQLITE3], { nodeVersion: '18.20.8' });
    expect(check).toThrow(RuntimeCheckError);
    expect(check).toThrow(`Crime Clock API cannot run on Node v18.20.8`);
    expect(check).toThrow(productNodeRange());
    expect(check).toThrow('. scripts/node-lts.sh');
  });

  it('stops on a required module that crashes, with the Node it needs', () => {
    expect(() => checkRuntime('Crime Clock importer', [semverWith(CRASHES)])).toThrow(
      /Crime Clock importer cannot run on Node v[\d.]+: semver \(a probe fixture\) crashed the process \(SIGSEGV\).*npm rebuild semver/,
    );
  });

  it('runs without an optional module that fails, saying why', () => {
    const report = checkRuntime('Crime Clock realtime server', [
      semverWith("throw new Error('no build');", true),
    ]);
    expect(report.unavailable.get('semver')).toMatch(/failed: no build/);
  });

  // @eslint/js (a direct dependency, plain JavaScript) declares `^20.19.0 || ^22.13.0 || >=24`:
  // judged as Node 22.12.0, inside the product's range, its label excludes that Node while the
  // module itself works, as uws-pack's Node 20 build does on Node 20 under its `>=22` label.
  const labelExcludes = (probe: string, optional: boolean): NativeModule => ({
    specifier: '@eslint/js',
    role: 'a probe fixture',
    probe,
    optional,
  });
  const works = "if (!mod.default.configs) throw new Error('no configs');";

  it("tries an optional module whose package's engines exclude this Node, and keeps it when it works", () => {
    const report = checkRuntime('Crime Clock realtime server', [labelExcludes(works, true)], {
      nodeVersion: '22.12.0',
    });
    expect(report.unavailable).toEqual(new Map());
  });

  it("names the package's engines when such an optional module also fails its probe", () => {
    const report = checkRuntime(
      'Crime Clock realtime server',
      [labelExcludes("throw new Error('no build for this ABI');", true)],
      { nodeVersion: '22.12.0' },
    );
    expect(report.unavailable.get('@eslint/js')).toMatch(
      /failed: no build for this ABI on Node v22\.12\.0 \(its package declares Node \^20\.19\.0/,
    );
  });

  it("still refuses a required module whose package's engines exclude this Node", () => {
    expect(() =>
      checkRuntime('Crime Clock API', [labelExcludes(works, false)], { nodeVersion: '22.12.0' }),
    ).toThrow(/Crime Clock API cannot run on Node v22\.12\.0: @eslint\/js \(a probe fixture\) supports Node/);
  });

  it("this Node runs the API's required modules", () => {
    const report = checkRuntime('Crime Clock API', [SQLITE3, ARGON2]);
    expect(report.unavailable.size).toBe(0);
  });
});
