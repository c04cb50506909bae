import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/api-process.ts';

// The production image holds the build, package.json, the production dependencies and what its
// Dockerfile copies, and no TypeScript sources and no tsx (a dev dependency). An operator runs the
// README's commands in it (`docker compose exec api-1 npm run import -- --latest`): they must
// run from the build there. The image is assembled here from the Dockerfile's own COPY lines.

/** `COPY --from=build … /app/<from> <to>` lines of the Dockerfile's last stage. */
function runtimeCopies(): { from: string; to: string }[] {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  return [...lastStage.matchAll(/^COPY --from=build(?: --chown=\S+)? \/app\/(\S+) (\S+)$/gm)].map((m) => ({
    from: m[1]!,
    to: m[2]!,
  }));
}

/** The packages `npm prune --omit=dev` keeps, linked into `image`'s node_modules. */
function linkProductionDependencies(image: string): void {
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const modules = join(ROOT, 'node_modules');
  for (const path of listed.split('\n')) {
    const parent = dirname(path);
    const scoped = basename(parent).startsWith('@') && dirname(parent) === modules;
    if (parent !== modules && !scoped) continue; // nested: inside a linked package
    const target = join(
      image,
      'node_modules',
      scoped ? join(basename(parent), basename(path)) : basename(path),
    );
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(path, target);
  }
}

function npmRun(image: string, script: string, args: string[], env: Record<string, string> = {}) {
  const run = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: image,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the README's commands in the production image", () => {
  let image: string;
  let store: string;

  beforeAll(() => {
    image = mkdtempSync(join(tmpdir(), 'crime-clock-image-'));
    const copies = runtimeCopies();
    expect(copies.map((c) => c.from)).toEqual(expect.arrayContaining(['package.json', 'dist']));
    for (const { from, to } of copies) {
      if (from === 'node_modules') continue;
      // As in Docker, a destination ending in "/" is a folder to copy into.
      const target = to.endsWith('/') ? join(image, to, basename(from)) : join(image, to);
      cpSync(join(ROOT, from), target, { recursive: true });
    }
    linkProductionDependencies(image);
    store = `sqlite:${join(image, 'data', 'store.sqlite')}`;
    mkdirSync(join(image, 'data'));
  });

  afterAll(() => rmSync(image, { recursive: true, force: true }));

  it('holds no sources and no tsx, as the image does', () => {
    expect(() => readFileSync(join(image, 'scripts', 'import', 'cli.ts'))).toThrow();
    expect(() => readFileSync(join(image, 'node_modules', 'tsx', 'package.json'))).toThrow();
    expect(readFileSync(join(image, 'node_modules', 'sequelize', 'package.json'), 'utf8')).toContain(
      '"name": "sequelize"',
    );
  });

  it('imports police data, manages admins and survey figures, and migrates, from the build', () => {
    const sample = join(image, 'sample');
    const generated = npmRun(image, 'data:sample', ['--out', sample, '--months', '1']);
    expect(generated.output).toContain(`Synthetic sample written to ${sample}`);
    expect(generated.status).toBe(0);

    const imported = npmRun(image, 'import', [sample], { DATABASE_URL: store });
    expect(imported.output).toContain('Import completed.');
    expect(imported.output).toMatch(/Total: \d+ file\(s\), [\d,]+ rows, 0 skipped/);
    expect(imported.status).toBe(0);

    const again = npmRun(image, 'import', [sample], { DATABASE_URL: store });
    expect(again.output).toMatch(/unchanged/i);
    expect(again.status).toBe(0);

    const admins = npmRun(image, 'admin', ['list'], { DATABASE_URL: store });
    expect(admins.output).toContain('No admins yet.');
    expect(admins.status).toBe(0);

    const figures = npmRun(image, 'survey:figures', ['--show'], { DATABASE_URL: store });
    expect(figures.output).toContain('shipped with this version');
    expect(figures.status).toBe(0);

    const migrated = npmRun(image, 'db:migrate', [], { DATABASE_URL: store });
    expect(migrated.output).toContain('Database is up to date.');
    expect(migrated.status).toBe(0);
  });

  it('says to build first where neither the source nor the build of a command is there', () => {
    rmSync(join(image, 'dist', 'scripts', 'admin'), { recursive: true });
    const admins = npmRun(image, 'admin', ['list'], { DATABASE_URL: store });
    expect(admins.output).toContain('run `npm run build` first');
    expect(admins.status).toBe(1);
  });
});
