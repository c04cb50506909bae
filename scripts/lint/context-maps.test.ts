import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A map in each room: every feature folder has a CONTEXT.md that a newcomer reads before its code
 * (its terms and the words to avoid, each file's role, what it may import and who calls it). It
 * stays short enough to read in a minute, and it names only files that are there, so a renamed or
 * deleted file is caught here instead of misleading the next reader.
 */
const REPO = new URL('../..', import.meta.url).pathname;

/** The parents whose every subfolder is a feature folder; found anew each run, so a new one needs a map. */
const FEATURE_PARENTS = ['api/src', 'realtime/src', 'ui/src/features'];
const MAX_BYTES = 2048;

const subfolders = (root: string, parent: string) =>
  readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);

/** A file name with an extension, or a path (a slash between names); globs and URL paths are not files. */
const NAMED =
  /(?<![\w/.#@*-])(?:[\w.-]+\/)*[\w-][\w.-]*(?:\.(?:tsx?|mts|mjs|js|css|json|md|sql|html|txt)\b|\/(?:[\w-][\w.-]*)?)/g;

/** The files and folders a map names, each as written. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(NAMED)]
    .filter((match) => text[match.index + match[0].length] !== '*')
    .map((match) => match[0]);
}

/** What is wrong with `folder`'s map: missing, too long, or naming what is in neither the folder nor the repository. */
function mapProblems(root: string, folder: string): string[] {
  const map = join(root, folder, 'CONTEXT.md');
  if (!existsSync(map)) return [`${folder}: no CONTEXT.md`];
  const text = readFileSync(map, 'utf8');
  const problems: string[] = [];
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_BYTES) problems.push(`${folder}/CONTEXT.md: ${bytes} bytes, over ${MAX_BYTES}`);
  for (const path of new Set(namedPaths(text))) {
    if (![join(root, folder, path), join(root, path)].some((candidate) => existsSync(candidate))) {
      problems.push(`${folder}/CONTEXT.md names ${path}, which is not there`);
    }
  }
  return problems;
}

describe('a CONTEXT.md in each feature folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'context-maps-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text = '') => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('api/src/search/service.ts');
  write('api/src/search/sql/select.ts');
  write('common/search/months.ts');

  it('reads the files and paths a map names, not globs, URLs or words', () => {
    expect(
      namedPaths(
        '- service.ts: the search; `sql/select.ts` builds SQL; *.test.ts: its tests\n' +
          'Imports common/search/ and `../db/reads.ts`; answers GET /api/search; a part, not a cell.',
      ),
    ).toEqual(['service.ts', 'sql/select.ts', 'common/search/', '../db/reads.ts']);
  });

  it('fails on a folder without a map', () => {
    expect(mapProblems(root, 'api/src/search')).toEqual(['api/src/search: no CONTEXT.md']);
  });

  it('accepts a map naming files of its folder, its subfolders and the repository', () => {
    write(
      'api/src/search/CONTEXT.md',
      '- service.ts\n- sql/select.ts\n- common/search/months.ts\n- *.test.ts\n',
    );
    expect(mapProblems(root, 'api/src/search')).toEqual([]);
  });

  it('fails on a map naming a file that is not there, or longer than 2 KB', () => {
    write('api/src/search/CONTEXT.md', `- service.ts\n- areas.ts: gone\n${'x'.repeat(MAX_BYTES)}`);
    expect(mapProblems(root, 'api/src/search')).toEqual([
      `api/src/search/CONTEXT.md: ${MAX_BYTES + 30} bytes, over ${MAX_BYTES}`,
      'api/src/search/CONTEXT.md names areas.ts, which is not there',
    ]);
  });

  it('every feature folder of api/src, realtime/src and ui/src/features has a true map of at most 2 KB', () => {
    const folders = FEATURE_PARENTS.flatMap((parent) => subfolders(REPO, parent));
    expect(folders).toEqual(
      expect.arrayContaining(['api/src/search', 'api/src/db', 'ui/src/features/clocks']),
    );
    expect(folders.flatMap((folder) => mapProblems(REPO, folder))).toEqual([]);
  });
});
