import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productFiles, repositoryFiles, withoutComments } from './source-files.ts';

describe('the source the lint tests read', () => {
  const root = mkdtempSync(join(tmpdir(), 'source-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const file of [
    'a/module.ts',
    'a/deep/Page.tsx',
    'a/module.test.ts',
    'a/deep/Page.test.tsx',
    'a/support.test-support.ts',
    'a/notes.md',
    'a/script.mjs',
    'b/other.ts',
  ]) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
  }

  it('lists the product .ts and .tsx files under a folder, at any depth, without tests and their support', () => {
    expect(productFiles(root, ['a']).sort()).toEqual(['a/deep/Page.tsx', 'a/module.ts']);
  });

  it('reads several folders, or all of the root, as paths from the root', () => {
    expect(productFiles(root, ['a', 'b']).sort()).toEqual(['a/deep/Page.tsx', 'a/module.ts', 'b/other.ts']);
    expect(productFiles(root).sort()).toEqual(['a/deep/Page.tsx', 'a/module.ts', 'b/other.ts']);
  });

  it("lists a repository's files as git sees them: tracked or new, not ignored", () => {
    writeFileSync(join(root, '.gitignore'), 'ignored/\n');
    mkdirSync(join(root, 'ignored'), { recursive: true });
    writeFileSync(join(root, 'ignored/built.js'), '');
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', 'a/module.ts'], { cwd: root });
    const files = repositoryFiles(root);
    expect(files).toEqual(expect.arrayContaining(['a/module.ts', 'a/notes.md', 'b/other.ts', '.gitignore']));
    expect(files.filter((file) => file.startsWith('ignored/'))).toEqual([]);
  });

  it('strips block and line comments and keeps the code around them', () => {
    const text = [
      '/**',
      ' * fetch(url) in words',
      ' */',
      'const a = 1; // as fetch would',
      'const b = /* inline */ 2;',
    ].join('\n');
    expect(withoutComments(text)).toBe('\nconst a = 1; \nconst b =  2;');
  });

  it("takes a `//` inside a string for a comment, as it always has: 'http://x' keeps `'http:`", () => {
    expect(withoutComments("const url = 'http://x';\nconst next = 1;")).toBe(
      "const url = 'http:\nconst next = 1;",
    );
  });
});
