/**
 * HAProxy as the local cluster's reverse proxy: deploy/haproxy.cfg (the file docker-compose.yml
 * mounts) with its server lines pointed at local ports, run by Debian's haproxy in the foreground.
 *
 *   const text = renderHaproxyConfig({ api: [{ host, port }], realtime: [{ host, port }] }, template);
 *   const status = await haproxyStatus(statsUrl, backends);
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export type BackendRole = 'api' | 'realtime';

export interface BackendAddress {
  host: string;
  port: number;
}

export interface BackendStatus {
  role: BackendRole;
  /** The node's own base URL. */
  url: string;
  /** In HAProxy's rotation (UP, or going down but not yet out). */
  alive: boolean;
  /** HAProxy's status and last check result when it is not UP, else null. */
  problem: string | null;
}

/** Where the CSV view of the backends is served on the stats port. */
export const HAPROXY_STATS_CSV_PATH = '/stats;csv';

export function haproxyConfigPath(repoRoot: string): string {
  return join(repoRoot, 'deploy', 'haproxy.cfg');
}

/** The haproxy binary: $HAPROXY_BIN, else Debian's. */
export function haproxyBinary(): string {
  const bin = process.env.HAPROXY_BIN?.trim() || '/usr/sbin/haproxy';
  if (!existsSync(bin)) {
    throw new Error(
      `${bin} is missing: install HAProxy (apt-get install haproxy; \`npm test\` does it) or set HAPROXY_BIN`,
    );
  }
  return bin;
}

// The role a backend section of deploy/haproxy.cfg serves: realtime_polling tracks realtime.
const SECTION_ROLE: Record<string, BackendRole> = {
  api: 'api',
  realtime: 'realtime',
  realtime_polling: 'realtime',
};

/**
 * deploy/haproxy.cfg with each backend's server lines replaced by one per given node and kind of
 * line (`api-1` checked, `api-1-fallback` the unchecked backup; options as in the file's first line
 * of that kind, `track` targets renumbered); everything else is left as it is.
 */
export function renderHaproxyConfig(nodes: Record<BackendRole, BackendAddress[]>, template: string): string {
  const out: string[] = [];
  let section = '';
  // Per backend, the kinds of server line already written (checked nodes, unchecked fallbacks).
  const written = new Map<string, Set<string>>();
  for (const line of template.split('\n')) {
    const header = /^(backend|frontend|listen|defaults|global|resolvers)\s*(\S*)/.exec(line);
    if (header) section = header[1] === 'backend' ? header[2]! : '';
    const server = /^(\s+)server\s+(\S+)\s+(\S+)(.*)$/.exec(line);
    const role = SECTION_ROLE[section];
    if (!server || !role) {
      out.push(line);
      continue;
    }
    const [, indent, name, , options] = server;
    // "api-1-fallback" is of kind "-fallback": one line of each kind per node.
    const kind = name!.replace(/^(?:api|realtime)-\d+/, '');
    const kinds = written.get(section) ?? new Set<string>();
    written.set(section, kinds);
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    nodes[role].forEach(({ host, port }, i) => {
      const own = options!.replace(/\btrack\s+(\w+)\/[\w-]+/, `track $1/${role}-${i + 1}`);
      out.push(`${indent}server ${role}-${i + 1}${kind} ${host}:${port}${own}`);
    });
  }
  for (const name of Object.keys(SECTION_ROLE)) {
    if (!written.has(name)) throw new Error(`deploy/haproxy.cfg has no server lines in backend ${name}`);
  }
  return out.join('\n');
}

/**
 * What HAProxy's stats page says of each node (the sticky backend only mirrors them); `nodes` names
 * their addresses, else the page's own `addr` column does (HAProxy 2.x).
 */
export async function haproxyStatus(
  statsUrl: string,
  nodes?: Record<BackendRole, BackendAddress[]>,
): Promise<BackendStatus[]> {
  const res = await fetch(`${statsUrl}${HAPROXY_STATS_CSV_PATH}`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`HAProxy's stats page answered ${res.status}`);
  return parseHaproxyStats(await res.text(), nodes);
}

export function parseHaproxyStats(
  csv: string,
  nodes?: Record<BackendRole, BackendAddress[]>,
): BackendStatus[] {
  const [head, ...rows] = csv.trim().split('\n');
  const columns = head!.replace(/^#\s*/, '').split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  const result: BackendStatus[] = [];
  for (const cells of rows.map((row) => row.split(','))) {
    const role = at(cells, 'pxname') as BackendRole;
    if (role !== 'api' && role !== 'realtime') continue;
    const index = /^(?:api|realtime)-(\d+)$/.exec(at(cells, 'svname'))?.[1];
    if (!index) continue;
    const node = nodes ? nodes[role][Number(index) - 1] : addressOf(at(cells, 'addr'));
    if (!node) continue;
    const status = at(cells, 'status');
    // "UP 1/2" is up and failing; "DOWN 1/2" is down and recovering: in rotation means UP…
    const alive = status.startsWith('UP') || status === 'NOLB';
    result.push({
      role,
      url: `http://${node.host}:${node.port}`,
      alive,
      problem: alive ? null : `${status} (${at(cells, 'check_status')} ${at(cells, 'last_chk')})`.trim(),
    });
  }
  return result;
}

function addressOf(addr: string): BackendAddress | undefined {
  const match = /^(.+):(\d+)$/.exec(addr);
  return match ? { host: match[1]!, port: Number(match[2]) } : undefined;
}
