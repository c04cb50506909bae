import { createServer } from 'node:http';
import type { ClockDefinition } from '../../common/clock/types.ts';
import { REALTIME_READ_HEADER } from '../../server-common/security/realtime-reads.ts';
import { clockAnswerFor } from './clock-answer.ts';

/** A refusal of the API, as its error answers are shaped. */
export interface ApiRefusal {
  status: number;
  body: { success: false; error: string; code: string };
}

export interface ClockApiDoubleOptions {
  /** The national police clock's definition, asked at each read (tests change the data). */
  police: () => ClockDefinition;
  /** An area's definition or refusal; may take its time (tests of loads under way). */
  area: (area: string) => ClockDefinition | ApiRefusal | Promise<ClockDefinition | ApiRefusal>;
}

/** One read of `/api/area-clock`, with the realtime read header it carried. */
export interface AreaRead {
  area: string;
  token: string | undefined;
}

/**
 * Stands in for the API's two clock reads the realtime server makes (`/api/police-clock` and
 * `/api/area-clock`), answering the whole clock answer of the contract; everything else is 404.
 * Loopback only.
 */
export async function startClockApiDouble(options: ClockApiDoubleOptions) {
  const areaReads: AreaRead[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/police-clock')
      return res.end(JSON.stringify(clockAnswerFor(options.police())));
    if (url.pathname === '/api/area-clock') {
      const area = url.searchParams.get('area')!;
      const token = req.headers[REALTIME_READ_HEADER];
      areaReads.push({ area, token: typeof token === 'string' ? token : undefined });
      const answer = await options.area(area);
      if ('status' in answer) {
        res.statusCode = answer.status;
        return res.end(JSON.stringify(answer.body));
      }
      return res.end(JSON.stringify(clockAnswerFor(answer)));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    areaReads,
    /** The areas read, in order. */
    areasRead: () => areaReads.map((read) => read.area),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
