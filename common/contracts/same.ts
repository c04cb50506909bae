/**
 * The two types are the same, field for field and modifier for modifier (readonly, optional): the
 * compile-time tie of a type written beside a schema to that schema's Static, both ways round.
 */
export type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
