import test from "ava";
import fc from "fast-check";
import { FreeIndex } from "../../sim/cluster/free-index.ts";

test("firstAtLeast finds the lowest slot with enough room, as a scan would", (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 40 }),
      fc.array(fc.tuple(fc.nat(39), fc.integer({ min: -1, max: 100 })), { maxLength: 200 }),
      fc.integer({ min: 0, max: 100 }),
      (size, updates, need) => {
        const index = new FreeIndex(size);
        const plain = new Array<number>(size).fill(-1);
        for (const [slot, free] of updates) {
          if (slot >= size) continue;
          index.set(slot, free);
          plain[slot] = free;
        }
        return index.firstAtLeast(need) === plain.findIndex((free) => free >= need);
      },
    ),
  );
  t.pass();
});
