// Types of node-line.mjs (plain ESM so it runs before any build), for the TypeScript that uses it.
export declare const TESTED_NODE_MAJOR: number;
export interface NodeLine {
  dir: string;
  binDir: string;
  headersDir: string;
}
export declare function productNodeRange(): string;
export declare function runsOn(version: string): boolean;
export declare function nodeLine(major: number): NodeLine;
export declare function ensureNodeLine(major: number): NodeLine & { bin: string };
export declare function envWithNode(line: NodeLine, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function rerunOn(major: number, scriptUrl: string, reason: string): Promise<number>;
