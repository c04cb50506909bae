import { DataTypes, type Model, type ModelStatic, type Sequelize } from 'sequelize';

/**
 * The `police_api_cache` table (migration 0001): one row per API path, holding the body as
 * data.police.uk sent it. Raw bodies rather than converted ones, so a fix to the conversion or
 * the bio sanitiser applies to everything already cached.
 */

export interface CacheEntry {
  body: string;
  fetchedAt: Date;
}

interface CacheRow {
  cache_key: string;
  body: string;
  fetched_at: Date;
}

type CacheModel = ModelStatic<Model<CacheRow, CacheRow>>;

function cacheModel(sequelize: Sequelize): CacheModel {
  const existing = sequelize.models.PoliceApiCache as CacheModel | undefined;
  if (existing) return existing;
  return sequelize.define<Model<CacheRow, CacheRow>>(
    'PoliceApiCache',
    {
      cache_key: { type: DataTypes.STRING(255), primaryKey: true },
      body: { type: DataTypes.TEXT, allowNull: false },
      fetched_at: { type: DataTypes.DATE, allowNull: false },
    },
    { tableName: 'police_api_cache', timestamps: false },
  );
}

export interface ApiCache {
  read(key: string): Promise<CacheEntry | undefined>;
  write(key: string, body: string, fetchedAt: Date): Promise<void>;
}

/** Through the ORM on purpose: its upsert and date handling already differ correctly per dialect. */
export function createApiCache(sequelize: Sequelize): ApiCache {
  const model = cacheModel(sequelize);
  return {
    async read(key) {
      const row = await model.findByPk(key);
      if (!row) return undefined;
      const { body, fetched_at } = row.get();
      return { body, fetchedAt: new Date(fetched_at) };
    },
    async write(key, body, fetchedAt) {
      await model.upsert({ cache_key: key, body, fetched_at: fetchedAt });
    },
  };
}
