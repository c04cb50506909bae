/**
 * How many of something each address holds right now (exports, map reads, connections): taking
 * one returns its release, which gives it back once however often it is called.
 */
export function perAddressCount() {
  const held = new Map<string, number>();
  return {
    of: (address: string) => held.get(address) ?? 0,
    addresses: () => held.size,
    take(address: string): () => void {
      held.set(address, (held.get(address) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(address) ?? 1) - 1;
        if (left > 0) held.set(address, left);
        else held.delete(address);
      };
    },
  };
}
