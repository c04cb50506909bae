/**
 * The native modules the servers and the importer load, and a statement that proves each works
 * on the running Node. A probe runs in a child process (preflight.ts), because a module built for
 * another Node may not throw but crash the process outright (better-sqlite3 13 on Node 20 dies with
 * SIGSEGV at its first statement).
 */
export interface NativeModule {
  /** What the process imports it by. */
  specifier: string;
  /** What it is for, as the start-up message says it. */
  role: string;
  /** The body of an async function of `mod` (the imported module) that must finish without throwing. */
  probe: string;
  /**
   * true: the process has a slower path without it and runs on (the realtime server's own
   * engine, the API's reads through Sequelize); false: the process cannot run without it.
   */
  optional: boolean;
}

export const SQLITE3: NativeModule = {
  specifier: 'sqlite3',
  role: 'the SQLite database driver',
  probe: `
    const sqlite3 = mod.default ?? mod;
    await new Promise((resolve, reject) => {
      const db = new sqlite3.Database(':memory:');
      db.get('SELECT sqlite_version() AS version, ? AS echo', [1], (error) =>
        error ? reject(error) : db.close((closeError) => (closeError ? reject(closeError) : resolve())));
    });`,
  optional: false,
};

export const BETTER_SQLITE3: NativeModule = {
  specifier: 'better-sqlite3',
  role: "the fast reader of the search's SQLite statements",
  probe: `
    const Database = mod.default ?? mod;
    const db = new Database(':memory:');
    db.prepare('SELECT ? AS echo').all(1);
    db.close();`,
  optional: true,
};

export const ARGON2: NativeModule = {
  specifier: '@node-rs/argon2',
  role: "the admin passwords' hash",
  probe: `
    const hashed = await mod.hash('probe', { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    if (!(await mod.verify(hashed, 'probe'))) throw new Error('a hash did not verify');`,
  optional: false,
};

export const UWEBSOCKETS: NativeModule = {
  specifier: 'uWebSockets.js',
  role: "the realtime server's fast WebSocket engine",
  probe: `
    const app = mod.App();
    if (typeof app.listen !== 'function') throw new Error('no App');`,
  optional: true,
};
