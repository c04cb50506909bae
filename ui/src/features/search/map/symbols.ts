import {
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
  type SymbolType,
} from 'd3';
import type { MarkShape } from '../../../../../common/map/symbols.ts';

const TYPES: Record<MarkShape, SymbolType> = {
  circle: symbolCircle,
  square: symbolSquare,
  triangle: symbolTriangle,
  diamond: symbolDiamond,
  star: symbolStar,
  cross: symbolCross,
  wye: symbolWye,
};

/** SVG path of a category's shape centred on 0,0, about `side` pixels across. */
export function shapePath(shape: MarkShape, side: number): string {
  return symbol(TYPES[shape], side * side)() ?? '';
}
