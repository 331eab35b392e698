/**
 * How `colloc study` places processes: as the study did, every process starts at once on the one GPU, a MIG
 * process in the instance the study gave it (its profile, in the scenario's job order), and a process that runs
 * out of memory fails: the study's crashed. (The scenarios' own policies, for `colloc run`, place by best fit.)
 */
import type { Policy } from "../sim/cluster/policies/index.ts";

/** `profiles`: each job's MIG instance profile, in job order; undefined outside MIG. */
export function studyPlacement(profiles?: readonly string[]): Policy {
  const deviceOf: number[] = [];
  return {
    init(cluster) {
      const devices = [...cluster.gpuDevices[0]];
      for (let job = 0; job < cluster.jobs.count; job++) {
        const at = profiles
          ? devices.findIndex((d) => cluster.devices[d].instance?.profile === profiles[job])
          : 0;
        deviceOf.push(devices[at]);
        if (profiles) devices.splice(at, 1);
      }
    },
    place: (job) => ({ devices: [deviceOf[job]] }),
    onOom: () => "fail",
  };
}
