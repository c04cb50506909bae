/**
 * Columns and rows that fit every category card on one landscape screen without scrolling: one
 * row for a few cards, then as few rows as keep the cards wide enough for their digits.
 */
export function kioskGrid(count: number): { columns: number; rows: number } {
  const rows = count <= 5 ? 1 : count <= 14 ? 2 : 3;
  return { columns: Math.max(1, Math.ceil(count / rows)), rows };
}
