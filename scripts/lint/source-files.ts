import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What the source-reading tests read (api-calls, one-back-off, one-reader, both servers'
 * composition tests): the product's TypeScript under a folder, and its code without the comments,
 * which may well name a path, a cast or a back-off in words.
 */

/** Tests and their support: not the product, and free to do what the product may not. */
const TEST_CODE = /\.test\.tsx?$|\.test-support\.ts$/;

/** The .ts/.tsx files under `folders` of `root` (all of it by default), tests left out, as paths from `root`. */
export function productFiles(root: string, folders: readonly string[] = ['.']): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map((entry) => relative(root, join(entry.parentPath, entry.name))),
    )
    .filter((file) => !TEST_CODE.test(file));
}

/**
 * Every file of the repository at `root` as git sees it: tracked, or new and not ignored (so a file
 * not yet committed is read too), as paths from `root`. Built output, data and node_modules are
 * ignored by .gitignore, so they are not listed; a tracked file deleted from the work tree is not.
 */
export function repositoryFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && existsSync(join(root, file)));
}

/**
 * The text without its block and line comments. Two regexes, so a `//` or `/*` inside a string
 * starts a comment too: 'http://x' keeps only `'http:`, and a string holding `/*` hides the code
 * up to the next end of a block comment. Not TypeScript's scanner: without its parser it misreads
 * every template literal with `${…}` (tried on the 547 files these tests read).
 */
export const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
