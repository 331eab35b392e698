import test, { type ExecutionContext } from "ava";
import fc from "fast-check";
import { EventHeap } from "../../sim/core/heap.ts";
import { MAX_PRIORITY } from "../../sim/core/index.ts";

interface Entry {
  time: number;
  priority: number;
  id: number;
}

const byTimePriorityInsertion = (a: Entry, b: Entry) =>
  a.time - b.time || a.priority - b.priority || a.id - b.id;

// A push carries a time and a priority; `null` is a pop. Few distinct times and priorities make ties common.
const operation = (times: number, priorities: number) =>
  fc.oneof(
    fc.record({
      time: fc.integer({ min: 0, max: times - 1 }).map((t) => t / 2),
      priority: fc.integer({ min: 0, max: priorities - 1 }),
    }),
    fc.constant(null),
  );

/** Random pushes and pops agree with a plain list sorted by (time, priority, insertion order) before each pop. */
function matchesSortedList(t: ExecutionContext, times: number, priorities: number): void {
  const check = () =>
    fc.assert(
      fc.property(fc.array(operation(times, priorities), { maxLength: 300, size: "max" }), (operations) => {
        const heap = new EventHeap();
        const model: Entry[] = []; // the reference: a plain list, sorted before each pop
        for (const op of operations) {
          if (op !== null) {
            const entry = { ...op, id: -1 };
            entry.id = heap.push(op.time, op.priority, () => {}, entry);
            model.push(entry);
          } else if (model.length > 0) {
            model.sort(byTimePriorityInsertion);
            const expected = model.shift() as Entry;
            const time = heap.pop();
            if (time !== expected.time || heap.poppedArg !== expected || heap.poppedId() !== expected.id)
              return false;
          }
          if (heap.size !== model.length) return false;
        }
        return true;
      }),
    );
  t.notThrows(check);
}

test("pops come out sorted by (time, priority, insertion order) for random pushes and pops", (t) =>
  matchesSortedList(t, 6, 4));

// Runs of pushes with the same time and priority form chains: popping one must not lose or reorder the rest.
test("long runs of equal times and priorities keep insertion order", (t) => matchesSortedList(t, 2, 2));

test("an empty heap peeks at Infinity", (t) => {
  const heap = new EventHeap();
  t.is(heap.peekTime(), Infinity);
  heap.push(3, 1, () => {}, null);
  heap.pop();
  t.is(heap.peekTime(), Infinity);
});

test("the heap grows past its initial capacity and keeps handlers with their entries", (t) => {
  const heap = new EventHeap();
  const seen: number[] = [];
  const record = (n: number) => seen.push(n);
  for (let i = 5000; i > 0; i--) heap.push(i, MAX_PRIORITY, record, i);
  while (heap.size > 0) {
    heap.pop();
    (heap.poppedHandler as (n: number) => void)(heap.poppedArg as number);
  }
  t.deepEqual(
    seen,
    Array.from({ length: 5000 }, (_, i) => i + 1),
  );
});
