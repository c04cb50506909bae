import type { BulkValue } from '../../db/bulk/index.ts';

/**
 * Collects rows into statement-sized batches and writes each batch while the next one is being
 * parsed: the database works on one core and the parser on the other, and at most two batches
 * exist at a time, whatever the file size.
 */
export class BatchPipeline {
  /** Row mappers append values here; it is swapped for a fresh array at every flush. */
  values: BulkValue[] = [];
  private inFlight: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly write: (values: BulkValue[]) => Promise<void>,
    private readonly valuesPerBatch: number,
  ) {}

  get full(): boolean {
    return this.values.length >= this.valuesPerBatch;
  }

  /** Waits for the previous write, then starts writing the current batch. */
  async flush(): Promise<void> {
    await this.inFlight;
    this.throwIfFailed();
    if (this.values.length === 0) return;
    const batch = this.values;
    this.values = [];
    // Caught at once so a failing write is never an unhandled rejection; reported at the next call.
    this.inFlight = this.write(batch).catch((error: unknown) => {
      this.failure = { error };
    });
  }

  /** Writes what is left and waits until every write is done. */
  async finish(): Promise<void> {
    await this.flush();
    await this.inFlight;
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
