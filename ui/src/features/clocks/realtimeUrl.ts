/** Where the browser finds the realtime server, as GET /api/config describes it. */
export interface RealtimeConfig {
  readonly realtime: {
    /** Public URL when the realtime server sits behind its own address; null: this host. */
    readonly url: string | null;
    readonly port: number;
  };
}

export interface PageLocation {
  readonly protocol: string;
  readonly hostname: string;
  readonly origin: string;
}

/**
 * The development server proxies /socket.io to the realtime server, so the page's own origin is
 * right there; otherwise the configured URL, or this host on the realtime port.
 */
export function realtimeUrl(config: RealtimeConfig, location: PageLocation, devServer: boolean): string {
  if (devServer) return location.origin;
  if (config.realtime.url) return config.realtime.url;
  // An IPv6 literal keeps its brackets in `hostname`, so it can be joined with a port as is.
  return `${location.protocol}//${location.hostname}:${config.realtime.port}`;
}
