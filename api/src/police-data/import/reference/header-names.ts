/**
 * Reference files come from several publishers that name the same column differently (pcd, pcds,
 * "Postcode"; lat, Latitude): names are compared lower-case with everything but letters and
 * digits removed, against a list of known spellings.
 */
export function normaliseColumnName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Position of the first header column spelt like one of `names` (given in preference order). */
export function findColumn(header: readonly string[], names: readonly string[]): number | undefined {
  const normalised = header.map(normaliseColumnName);
  for (const name of names) {
    const at = normalised.indexOf(normaliseColumnName(name));
    if (at !== -1) return at;
  }
  return undefined;
}
