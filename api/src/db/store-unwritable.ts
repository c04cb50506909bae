/**
 * Whether an error means the store cannot take writes at all (read-only, or out of space), as
 * opposed to one bad statement: an import then stops at once with one message instead of failing
 * every file in turn. The codes are each driver's own, so they live here with the other dialect
 * knowledge.
 */
export type Unwritable = 'read-only' | 'full';

const SQLITE: Record<string, Unwritable> = {
  SQLITE_READONLY: 'read-only',
  SQLITE_CANTOPEN: 'read-only',
  SQLITE_PERM: 'read-only',
  SQLITE_FULL: 'full',
};

// mysql2 error numbers: 1290 --read-only / super_read_only, 1036 table is read only, 1142 the
// user lacks the privilege, 1044/1045 no access; 1114 the table is full, 1021 the disk is full.
const MYSQL: Record<number, Unwritable> = {
  1290: 'read-only',
  1036: 'read-only',
  1142: 'read-only',
  1044: 'read-only',
  1114: 'full',
  1021: 'full',
};

// Raised by Node itself while opening the SQLite file or writing a temporary file.
const NODE: Record<string, Unwritable> = {
  EROFS: 'read-only',
  EACCES: 'read-only',
  EPERM: 'read-only',
  ENOSPC: 'full',
};

export function unwritableReason(error: unknown): Unwritable | undefined {
  for (
    let e: unknown = error;
    e instanceof Error;
    e = (e as { parent?: unknown; cause?: unknown }).parent ?? e.cause
  ) {
    const { code, errno } = e as { code?: unknown; errno?: unknown };
    if (typeof code === 'string') {
      const sqlite = SQLITE[code.split(':')[0]!] ?? NODE[code];
      if (sqlite) return sqlite;
    }
    if (typeof errno === 'number' && MYSQL[errno]) return MYSQL[errno];
    const message = e.message;
    const fromMessage = /\b(SQLITE_READONLY|SQLITE_FULL|SQLITE_CANTOPEN)\b/.exec(message)?.[1];
    if (fromMessage) return SQLITE[fromMessage];
  }
  return undefined;
}

/** The one line a person reads when the store cannot be written. */
export function unwritableMessage(reason: Unwritable, store: string, detail: string): string {
  return reason === 'read-only'
    ? `The database ${store} is read-only for this process (${detail}): nothing was written. ` +
        "Give the importer write access to it (file and folder permissions, the read-only mount or the MySQL user's grants) and run the same command again."
    : `The database ${store} is full (${detail}): the file being imported was rolled back. ` +
        'Free space on its disk (or raise its quota) and run the same command again: it brings in only what is missing.';
}

/** The store refused a write for want of permission or space; the import stops at once. */
export class StoreUnwritableError extends Error {
  constructor(
    readonly reason: Unwritable,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'StoreUnwritableError';
  }
}

/** The error as a StoreUnwritableError when it is one of those, else undefined. */
export function asUnwritable(error: unknown): StoreUnwritableError | undefined {
  if (error instanceof StoreUnwritableError) return error;
  const reason = unwritableReason(error);
  return reason && new StoreUnwritableError(reason, error);
}
