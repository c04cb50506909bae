import { describe, expect, it } from 'vitest';
import { APP_PAGE_PATHS } from '../../../common/site/page-paths.ts';
import { router } from './router.ts';

describe('the server-side page list', () => {
  it('names exactly the pages the router has (the embeds are their own entry)', () => {
    const routerPaths = Object.keys(router.routesByPath).map((path) =>
      path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path,
    );
    expect([...new Set(routerPaths)].sort()).toEqual([...APP_PAGE_PATHS].sort());
  });
});
