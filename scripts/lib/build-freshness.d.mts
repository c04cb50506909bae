// Types of build-freshness.mjs (plain ESM so it runs before any build), for the TypeScript that uses it.
export declare function buildIsStale(root: string): boolean;
export declare function markBuilt(root: string): void;
