import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The SQLite store holds admin accounts, session hashes and the encrypted SMTP password: only the
 * account the server runs as may read it. SQLite creates its -wal and -shm files with the main
 * file's permissions, so making that file 0600 before SQLite first opens it covers all three.
 * Returns the files whose permissions were tightened (an older store created 0644).
 */
export function ensurePrivateSqliteFile(databaseUrl: string): string[] {
  if (!databaseUrl.startsWith('sqlite:')) return [];
  const path = databaseUrl.slice('sqlite:'.length);
  if (path === '' || path === ':memory:') return [];
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // 'a' creates the file if missing and never truncates one that exists.
  closeSync(openSync(file, 'a', 0o600));
  const tightened: string[] = [];
  if (process.platform === 'win32') return tightened;
  for (const candidate of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(candidate) && (statSync(candidate).mode & 0o077) !== 0) {
      chmodSync(candidate, 0o600);
      tightened.push(candidate);
    }
  }
  return tightened;
}
