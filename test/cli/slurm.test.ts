/**
 * The scale-out examples of docs/simulator.md, run as written. The Slurm job array and its dependent merge go
 * to a real Slurm (CI starts a single-node one: .ci/slurm-up); the Kubernetes Indexed Job is checked, and its
 * pods' commands run here as the shell in each pod would expand them. Both must merge into the same bytes as
 * the unsharded sweep. Without a Slurm controller the Slurm test is skipped, saying so; with
 * COLLOC_SLURM=required (set by .ci/run) it runs and fails instead.
 */
import test from "ava";
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { colloc } from "./colloc.ts";
import { checkoutLinks, tree } from "./scratch.ts";

const run = promisify(execFile);
const DOC = readFileSync("docs/simulator.md", "utf8");
const SWEEP = "scenarios/sweeps/policies-by-load.yaml";

/** The code block after `<!-- label -->` in docs/simulator.md. */
function block(label: string): string {
  const found = new RegExp(`<!-- ${label} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(DOC);
  if (!found) throw new Error(`docs/simulator.md has no block labelled ${label}`);
  return found[1];
}

/** The unsharded sweep, run once for both comparisons. */
const whole = (async () => {
  const out = join(mkdtempSync(join(tmpdir(), "colloc-scaleout-")), "whole");
  const ran = await colloc("sweep", SWEEP, "--out", out, "--json");
  return { out, ran };
})();

async function sameAsWhole(t: import("ava").ExecutionContext, merged: string): Promise<void> {
  const { out, ran } = await whole;
  t.is(ran.code, 0, ran.stderr);
  const expected = tree(out);
  const got = tree(merged);
  t.deepEqual([...got.keys()], [...expected.keys()]);
  for (const [name, bytes] of expected) t.true(bytes.equals(got.get(name)!), `${name} differs`);
}

const sinfo = spawnSync("sinfo", ["-h", "-o", "%T"], { encoding: "utf8" });
const slurmUp = sinfo.status === 0 && /^(idle|mixed|allocated)/m.test(sinfo.stdout);
const required = process.env.COLLOC_SLURM === "required";
const SLURM_TITLE = "docs/simulator.md's Slurm array and dependent merge give the unsharded sweep's bytes";

if (slurmUp || required) {
  test(SLURM_TITLE, async (t) => {
    t.timeout(600_000, "the Slurm jobs did not finish");
    t.true(slurmUp, `no Slurm node takes jobs (sinfo: ${sinfo.stdout || sinfo.stderr || sinfo.error})`);
    const started = Date.now();
    const dir = checkoutLinks("colloc-slurm-");
    writeFileSync(join(dir, "sweep.sbatch"), block("file: sweep.sbatch"));
    const submitted = await run("bash", ["-euo", "pipefail", "-c", block("slurm")], { cwd: dir });
    const merge = /Submitted batch job (\d+)/.exec(submitted.stdout)?.[1];
    t.truthy(merge, submitted.stdout + submitted.stderr);
    while (spawnSync("squeue", ["-h", "-j", merge!], { encoding: "utf8" }).stdout.trim() !== "")
      await new Promise((wake) => setTimeout(wake, 2000));
    const state = spawnSync("scontrol", ["show", "job", merge!], { encoding: "utf8" }).stdout;
    t.regex(state, /JobState=COMPLETED/, readFileSync(join(dir, `slurm-${merge}.out`), "utf8"));
    t.log(`Slurm array of 8 shards and merge: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await sameAsWhole(t, join(dir, "results", "policies"));
  });
} else {
  console.warn(`slurm.test.ts: no Slurm controller answers sinfo here; skipping "${SLURM_TITLE}"`);
  test.skip(`${SLURM_TITLE} (skipped: no Slurm here; CI starts one with .ci/slurm-up)`, () => {});
}

interface Container {
  image: string;
  workingDir: string;
  command: string[];
  args: string[];
  volumeMounts: { name: string; mountPath: string }[];
}
interface IndexedJob {
  apiVersion: string;
  kind: string;
  spec: {
    completions: number;
    parallelism: number;
    completionMode: string;
    template: {
      spec: {
        restartPolicy: string;
        containers: Container[];
        volumes: { name: string; persistentVolumeClaim?: { claimName: string } }[];
      };
    };
  };
}

test("docs/simulator.md's Kubernetes Indexed Job runs stock node on the checkout, one shard per index", async (t) => {
  t.timeout(600_000);
  const job = parse(block("kubernetes")) as IndexedJob;
  t.like(job, { apiVersion: "batch/v1", kind: "Job", spec: { completionMode: "Indexed" } });
  const { completions } = job.spec;
  t.is(job.spec.parallelism, completions);
  const pod = job.spec.template.spec;
  t.is(pod.restartPolicy, "Never");
  t.is(pod.containers.length, 1);
  const [container] = pod.containers;
  t.regex(container.image, /^node:20(-[a-z]+)?$/, "a stock Node image, nothing to build");
  const volumes = new Set(pod.volumes.filter((v) => v.persistentVolumeClaim).map((v) => v.name));
  for (const mount of container.volumeMounts) t.true(volumes.has(mount.name), `${mount.name} is a volume`);
  const mount = (path: string) => container.volumeMounts.find((m) => m.mountPath === path);
  t.truthy(mount(container.workingDir), "the checkout is a mounted volume");
  t.deepEqual(container.command, ["sh", "-c"]);

  // Each pod's command as its shell expands it, the results volume in a temporary folder, run from the
  // checkout (the working directory's volume); `npx colloc ARGS` runs the checkout's colloc, and says its ARGS.
  const results = mkdtempSync(join(tmpdir(), "colloc-k8s-"));
  const inPod = (command: string, env: Record<string, string> = {}) =>
    run("sh", ["-c", `npx() { shift; echo "colloc $*" >&2; node bin/colloc.js "$@"; }\n${command}`], {
      env: { ...process.env, ...env },
      maxBuffer: 1 << 24,
    });
  const pods = await Promise.all(
    Array.from({ length: completions }, (_, index) =>
      inPod(container.args.join(" ").replaceAll("/results", results), {
        JOB_COMPLETION_INDEX: String(index),
      }),
    ),
  );
  const shards = pods.map((p) => /--shard (\S+)/.exec(p.stderr)?.[1]);
  t.deepEqual(
    shards,
    Array.from({ length: completions }, (_, i) => `${i + 1}/${completions}`),
    "every shard exactly once",
  );
  // The merge the doc gives, once all pods succeeded.
  const merge = /`(npx colloc sweep merge \/results\/shards\/\* --out\s+\/results\/policies)`/.exec(DOC)?.[1];
  t.truthy(merge, "docs/simulator.md says how to merge the pods' shards");
  await inPod(merge!.replace(/\s+/g, " ").replaceAll("/results", results));
  const merged = join(results, "policies");
  await sameAsWhole(t, merged);
});
