import { headTags, type PageMetadata } from '../../../common/site/page-metadata.ts';

// The built shell's own title and description (ui/index.html): replaced by the page's.
const OWN_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const OWN_DESCRIPTION = /<meta\s+name="description"[\s\S]*?>\s*/i;

/** The app shell with `page`'s head tags in place of its own title and description. */
export function fillShell(template: string, page: PageMetadata, origin: string): string {
  const bare = template.replace(OWN_TITLE, '').replace(OWN_DESCRIPTION, '');
  const at = bare.search(/<\/head>/i);
  if (at < 0) return template;
  return `${bare.slice(0, at)}  ${headTags(page, origin)}\n  ${bare.slice(at)}`;
}
