import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Every per-address limit and the security log count a visitor by one key, read in one place per
 * server (api/src/http/visitor-address.ts, realtime/src/limits/connection-limits.ts):
 * eslint.config.js refuses reading the raw address anywhere else in the servers' code. Each case
 * lints one snippet as if written in the file named.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

const RAW_ADDRESS = /^Read the visitor by its one key: addressGroupOf\(request\)/;

async function rawAddressFindings(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const ROUTE = 'api/src/email/example-routes.ts';

// Loading the config (typescript-eslint) takes seconds on a loaded machine: the first case waits for it.
describe('no raw visitor address outside its one place', { timeout: 60_000 }, () => {
  it.each([
    // The shapes an audit of the product found: a limit or a hash fed request.ip as it came.
    [
      'export const key = (request: { ip: string }) => hash(request.ip);\ndeclare function hash(a: string): string;\n',
    ],
    ['export const all = (req: { ips?: string[] }) => req.ips;\n'],
    ['export const key = (reply: { request: { ip: string } }) => reply.request.ip;\n'],
    ['export function key(request: { ip: string }) {\n  const { ip } = request;\n  return ip;\n}\n'],
    ['export const handler = async ({ ip }: { ip: string }) => ip;\n'],
    ["export const forwarded = (h: Record<string, string>) => h['x-forwarded-for'];\n"],
    [
      'export const peer = (request: { raw: { socket: { remoteAddress?: string } } }) =>\n  request.raw.socket.remoteAddress;\n',
    ],
  ])('refuses in the API %j', async (code) => {
    expect(await rawAddressFindings(code, ROUTE)).toEqual([expect.stringMatching(RAW_ADDRESS)]);
  });

  it("refuses a socket's handshake address in the realtime server", async () => {
    const code =
      'export const of = (socket: { handshake: { address: string } }) => socket.handshake.address;\n';
    expect(await rawAddressFindings(code, 'realtime/src/clocks/example.ts')).toEqual([
      expect.stringMatching(RAW_ADDRESS),
    ]);
  });

  it('lets the one place read it, and other things named ip be', async () => {
    const read = 'export const of = (request: { ip: string }) => request.ip;\n';
    expect(await rawAddressFindings(read, 'api/src/http/visitor-address.ts')).toEqual([]);
    // A service's own field (the address group it was given) is not the request's address.
    const field = 'export const of = (attempt: { ip: string }) => attempt.ip;\n';
    expect(await rawAddressFindings(field, ROUTE)).toEqual([]);
    // Tests send addresses as they please.
    expect(await rawAddressFindings(read, 'api/src/email/example-routes.int.test.ts')).toEqual([]);
  });

  it("lets the API's connection cap read its socket's peer, which is what it counts, and nothing else", async () => {
    const cap = 'api/src/http/connection-cap.ts';
    const peer = 'export const of = (socket: { remoteAddress?: string }) => socket.remoteAddress;\n';
    expect(await rawAddressFindings(peer, cap)).toEqual([]);
    const ip = 'export const of = (request: { ip: string }) => request.ip;\n';
    expect(await rawAddressFindings(ip, cap)).toEqual([expect.stringMatching(RAW_ADDRESS)]);
  });
});
