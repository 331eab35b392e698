import test from "ava";
import { SimulationError } from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";
import { FilterStore, Store } from "../../sim/core/index.ts";

test("gets wait for items and are served first come, first served, oldest item first", (t) => {
  const sim = new Simulation();
  const store = new Store<string>(sim);
  const log: string[] = [];
  for (const name of ["first", "second"]) {
    sim.process(
      (function* () {
        const item: string = yield store.get();
        log.push(`${sim.now} ${name} got ${item}`);
      })(),
    );
  }
  sim.schedule(1, () => store.put("x"));
  sim.schedule(2, () => store.put("y"));
  sim.run();
  t.deepEqual(log, ["1 first got x", "2 second got y"]);
});

test("puts wait while the store is full, and enter in order as gets make room", (t) => {
  const sim = new Simulation();
  const store = new Store<number>(sim, 1);
  const putDone: string[] = [];
  for (const item of [1, 2, 3]) store.put(item).addCallback(() => putDone.push(`${sim.now} put ${item}`));
  sim.schedule(5, () => store.get());
  sim.schedule(6, () => store.get());
  sim.run();
  t.deepEqual(putDone, ["0 put 1", "5 put 2", "6 put 3"]);
  t.deepEqual(store.items, [3]);
});

test("a filter store gives each get the oldest matching item, and a stuck get holds back nobody", (t) => {
  const sim = new Simulation();
  const store = new FilterStore<{ gpu: string; id: number }>(sim);
  const got: string[] = [];
  const want = (gpu: string) =>
    store.get((item) => item.gpu === gpu).addCallback((event) => got.push(`${gpu} <- ${event.value.id}`));
  want("h100"); // nothing matches until t=2
  want("a100");
  sim.schedule(1, () => {
    store.put({ gpu: "a100", id: 1 });
    store.put({ gpu: "a100", id: 2 });
  });
  sim.schedule(2, () => store.put({ gpu: "h100", id: 3 }));
  sim.run();
  t.deepEqual(got, ["a100 <- 1", "h100 <- 3"]);
  t.deepEqual(store.items, [{ gpu: "a100", id: 2 }]);
});

test("a cancelled get no longer takes items", (t) => {
  const sim = new Simulation();
  const store = new Store<string>(sim);
  const abandoned = store.get();
  store.cancel(abandoned);
  store.put("kept");
  sim.run();
  t.false(abandoned.triggered);
  t.deepEqual(store.items, ["kept"]);
});

test("a capacity below one raises SimulationError", (t) => {
  t.throws(() => new Store(new Simulation(), 0), { instanceOf: SimulationError, message: /store capacity/ });
});
