"""The benchmark shapes of bench/core.ts on SimPy, written the way SimPy's documentation does.

Reads the shape sizes as JSON on argv[1] and prints one JSON line: model events per CPU second for each
shape (best of `repeats` runs), counted as bench/core_shapes.ts says: callbacks fired, timeouts that resumed
a process, two events per M/M/1 customer.
"""
import json
import random
import sys
import time

import simpy


def delay_of(i):
    return 1 + (i % 10) / 10


def callbacks(sizes):
    total, chains = sizes["total"], sizes["chains"]
    env = simpy.Environment()
    fired = [0]

    def tick(event):
        fired[0] += 1
        if fired[0] + chains <= total:
            # the timeout's value carries the chain number, so each callback knows its own delay
            env.timeout(delay_of(event.value), event.value).callbacks.append(tick)

    for chain in range(chains):
        env.timeout(0, chain).callbacks.append(tick)
    env.run()
    return fired[0]


def generators(sizes):
    total, processes = sizes["total"], sizes["processes"]
    env = simpy.Environment()
    resumed = [0]

    def body(delay):
        for _ in range(total // processes):
            yield env.timeout(delay)
            resumed[0] += 1

    for p in range(processes):
        env.process(body(delay_of(p)))
    env.run()
    return resumed[0]


def mm1(sizes):
    customers, arrival_rate, service_rate = sizes["customers"], sizes["arrivalRate"], sizes["serviceRate"]
    env = simpy.Environment()
    server = simpy.Resource(env, capacity=1)
    arrivals, services = random.Random(1), random.Random(2)
    events = [0]

    def customer():
        events[0] += 1  # arrival
        with server.request() as request:
            yield request
            yield env.timeout(services.expovariate(service_rate))
        events[0] += 1  # departure

    def source():
        for _ in range(customers):
            env.process(customer())
            yield env.timeout(arrivals.expovariate(arrival_rate))

    env.process(source())
    env.run()
    return events[0]


def main():
    sizes = json.loads(sys.argv[1])
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    shapes = {"callbacks": callbacks, "generators": generators, "mm1": mm1}
    result = {}
    for name, shape in shapes.items():
        best = 0.0
        for _ in range(repeats):
            start = time.process_time()
            events = shape(sizes[name])
            best = max(best, events / (time.process_time() - start))
        result[name] = best
    print(json.dumps(result))


if __name__ == "__main__":
    main()
