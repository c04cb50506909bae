import { QueryTypes, type Sequelize } from 'sequelize';
import type { CsewFiguresInUse as CsewFiguresAnswer } from '../../../common/contracts/csew-figures.ts';
import { BUNDLED_CSEW_FIGURES, parseCsewFigures } from '../../../common/survey/csew-data.ts';

/** The contract's figures in use, without what the route works out from them (csew-figures-routes.ts). */
export type CsewFiguresInUse = Readonly<Omit<CsewFiguresAnswer, 'shipped' | 'newerReleaseMayExist'>>;

export interface CsewFiguresService {
  current(): Promise<CsewFiguresInUse>;
  /** Changes with every upload or revert; one small read. */
  stamp(): Promise<string>;
  /** Checks and stores a new document (throws CsewFiguresError naming the field when it is wrong). */
  replace(document: unknown, uploadedBy: string): Promise<CsewFiguresInUse>;
  /** Goes back to the shipped figures (uploaded ones stay on record). */
  revert(uploadedBy: string): Promise<CsewFiguresInUse>;
}

const SHIPPED: CsewFiguresInUse = { figures: BUNDLED_CSEW_FIGURES, uploadedAt: null, uploadedBy: null };
/** A stored row that asks for the shipped figures again. */
const REVERT_MARK = 'shipped';

/**
 * The survey clock's figures: the newest upload, or the shipped file. Read on every request with
 * a one-column stamp query, parsed again only when a new row appears, so every API node serves
 * the new figures as soon as one of them stored them.
 */
export function createCsewFiguresService({
  sequelize,
  now = Date.now,
}: {
  sequelize: Sequelize;
  now?: () => number;
}): CsewFiguresService {
  let cache: { id: number; inUse: CsewFiguresInUse } | undefined;

  async function latestId(): Promise<number> {
    const [latest] = await sequelize.query<{ id: number }>(`SELECT MAX(id) AS id FROM csew_figures`, {
      type: QueryTypes.SELECT,
    });
    return Number(latest?.id ?? 0);
  }

  async function current(): Promise<CsewFiguresInUse> {
    const id = await latestId();
    if (!id) return SHIPPED;
    if (cache?.id === id) return cache.inUse;
    const [row] = await sequelize.query<{
      document: string;
      uploaded_at: number | string;
      uploaded_by: string;
    }>(`SELECT document, uploaded_at, uploaded_by FROM csew_figures WHERE id = ?`, {
      replacements: [id],
      type: QueryTypes.SELECT,
    });
    if (!row) return SHIPPED;
    const inUse: CsewFiguresInUse =
      row.document === REVERT_MARK
        ? SHIPPED
        : {
            // Stored only after the same check: parsing again gives the typed object.
            figures: parseCsewFigures(JSON.parse(row.document)),
            uploadedAt: new Date(Number(row.uploaded_at)).toISOString(),
            uploadedBy: row.uploaded_by,
          };
    cache = { id, inUse };
    return inUse;
  }

  async function store(document: string, uploadedBy: string) {
    await sequelize
      .getQueryInterface()
      .bulkInsert('csew_figures', [{ document, uploaded_at: now(), uploaded_by: uploadedBy.slice(0, 100) }]);
    return current();
  }

  return {
    current,
    stamp: async () => String(await latestId()),
    async replace(document, uploadedBy) {
      const figures = parseCsewFigures(document);
      return store(JSON.stringify(figures), uploadedBy);
    },
    revert: (uploadedBy) => store(REVERT_MARK, uploadedBy),
  };
}
