import { dirname, join, resolve } from 'node:path';

/**
 * What both servers' composition tests read a module for: the factories it imports from the
 * product and where it calls them. Each test says which imports are factories (its process's
 * product folders, its root's modules, its builders named otherwise).
 */

/** Named imports (values, not types) of `text`, each with the module it comes from. */
export function namedImports(text: string): { local: string; imported: string; from: string }[] {
  const found: { local: string; imported: string; from: string }[] = [];
  for (const match of text.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
    if (match[1]) continue;
    for (const spec of match[2]!.split(',')) {
      const parts = spec.trim().split(/\s+as\s+/);
      if (!parts[0] || parts[0].startsWith('type ')) continue;
      found.push({ imported: parts[0], local: parts[1] ?? parts[0], from: match[3]! });
    }
  }
  return found;
}

/**
 * Calls, in order, in module `path` (relative to `repo`) with source `text`, of the factories it
 * imports: `isFactory` is asked with each imported name and the absolute path it comes from. The
 * import itself is no call: a call is the name, then `(`.
 */
export function factoryCalls(
  repo: string,
  path: string,
  text: string,
  isFactory: (name: string, target: string) => boolean,
): string[] {
  const here = dirname(join(repo, path));
  const factories = new Map(
    namedImports(text)
      .filter(({ imported, from }) => from.startsWith('.') && isFactory(imported, resolve(here, from)))
      .map(({ local, imported }) => [local, imported]),
  );
  if (factories.size === 0) return [];
  const call = new RegExp(`(?<![\\w.])(${[...factories.keys()].join('|')})\\s*\\(`, 'g');
  return [...text.matchAll(call)].map((match) => factories.get(match[1]!)!);
}

/** The classes of `names` that `text` constructs (`new LRUCache(`, `new Gauge<…>(`). */
export function constructed(text: string, names: readonly string[]): string[] {
  return [...text.matchAll(new RegExp(`\\bnew\\s+(${names.join('|')})\\s*[<(]`, 'g'))].map(
    (match) => match[1]!,
  );
}
