/** The event core's public API: import from here. */
export { Container, ContainerRequest } from "./container.ts";
export { SimulationError } from "./errors.ts";
export { Event, NORMAL, URGENT, type Callback } from "./event.ts";
export { MAX_PRIORITY, type Handler } from "./heap.ts";
export { Interrupt } from "./interrupt.ts";
export { Process, type ProcessBody } from "./process.ts";
export { RandomStream } from "./random.ts";
export {
  PreemptiveResource,
  Preempted,
  PriorityResource,
  Request,
  Resource,
  type RequestOptions,
} from "./resource.ts";
export { Simulation, type RunOptions, type SimulationOptions } from "./simulation.ts";
export { FilterStore, Store, StoreGet, StorePut, type Filter } from "./store.ts";
