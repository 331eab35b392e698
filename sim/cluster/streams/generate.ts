/**
 * Generated job streams: arrivals (Poisson or bursty) over a weighted workload mix, work drawn from a
 * distribution. Each generator draws from its own named streams, `generate/<name>/{arrivals,bursts,mix,work}`,
 * all seeded from the scenario seed, so editing one generator never changes another's jobs.
 */
import { RandomStream } from "../../core/index.ts";
import type { Generator } from "../scenario/schema.ts";
import { arrivalTimes } from "./arrivals.ts";
import { draw } from "./distribution.ts";
import type { StreamJob } from "./stream-job.ts";

/** `field` is the generator's path in the scenario (e.g. `jobs.generate[1]`), for later messages. */
export function generateJobs(
  gen: Generator,
  name: string,
  seed: number,
  file: string,
  field: string,
): StreamJob[] {
  const rng = (stream: string) => new RandomStream(seed, `generate/${name}/${stream}`);
  const times = arrivalTimes(gen.arrivals, gen.count, gen.start_s, {
    gaps: rng("arrivals"),
    bursts: rng("bursts"),
  });
  const workloads = Object.keys(gen.mix);
  const weights = Object.values(gen.mix);
  const mix = rng("mix");
  const work = rng("work");
  const gpusAt = { file, field: `${field}.gpus` };
  const idAt = { file, field: `${field}.name` };
  const arrival = { file, field: `${field}.arrivals` };
  const workAt = { file, field: `${field}.work` };
  const origins = new Map(
    workloads.map((w) => [
      w,
      { workload: { file, field: `${field}.mix.${w}` }, gpus: gpusAt, id: idAt, arrival, work: workAt },
    ]),
  );
  const digits = String(gen.count).length;
  return times.map((arrivalS, i) => {
    const workload = mix.choice(workloads, weights);
    const amount =
      gen.work.iterations !== undefined ? draw(gen.work.iterations, work) : draw(gen.work.epochs!, work);
    return {
      id: `${name}-${String(i + 1).padStart(digits, "0")}`,
      arrivalS,
      workload,
      work: gen.work.iterations !== undefined ? { iterations: amount } : { epochs: amount },
      gpus: gen.gpus,
      origin: origins.get(workload)!,
    };
  });
}
