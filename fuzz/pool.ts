/**
 * Child processes that run fuzz cases (fuzz/child.ts), one case at a time each, with a time bound per case: a
 * child over its bound is killed (the case hung) and a new one started; a child that dies (a V8 fatal error,
 * a signal) is replaced too, and what it wrote to its stderr tells why.
 */
import { fork, type ChildProcess } from "node:child_process";
import type { Done, Job } from "./child.ts";

export type Ran =
  | { kind: "done"; code: number; output: string; ms: number }
  | { kind: "hang"; ms: number }
  | { kind: "died"; code: number | null; signal: string | null; output: string; ms: number };

/** Cases a child runs before it is replaced (memory a long-lived process might gather). */
const RECYCLE_AFTER = 300;

export class Runner {
  private child?: ChildProcess;
  private ready?: Promise<void>;
  /** What the child wrote to its real stderr (V8 prints fatal errors there, past any JS capture). */
  private raw = "";
  private served = 0;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  private start(): Promise<void> {
    const child = fork(new URL("./child.ts", import.meta.url), [], {
      execArgv: ["--import", "tsx", "--max-old-space-size=2048"],
      env: this.env,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    child.stdout!.on("data", (d: Buffer) => (this.raw += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (this.raw += d.toString()));
    this.child = child;
    this.served = 0;
    this.ready = new Promise((ok, fail) => {
      child.once("message", () => ok());
      child.once("exit", (code) =>
        fail(new Error(`fuzz child exited (${code}) before it was ready: ${this.raw}`)),
      );
    });
    return this.ready;
  }

  private stop(): void {
    this.child?.kill("SIGKILL");
    this.child = undefined;
  }

  async run(job: Job, timeoutS: number): Promise<Ran> {
    if (!this.child || this.served >= RECYCLE_AFTER) {
      this.stop();
      await this.start();
    }
    const child = this.child!;
    this.served++;
    this.raw = "";
    const start = performance.now();
    return new Promise<Ran>((done) => {
      const finish = (ran: Ran) => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        done(ran);
      };
      const onMessage = (m: Done) => {
        if (m.id === job.id) finish({ kind: "done", code: m.code, output: m.output, ms: m.ms });
      };
      const onExit = (code: number | null, signal: string | null) => {
        this.child = undefined;
        finish({ kind: "died", code, signal, output: this.raw, ms: performance.now() - start });
      };
      const timer = setTimeout(() => {
        child.off("exit", onExit);
        this.stop();
        finish({ kind: "hang", ms: performance.now() - start });
      }, timeoutS * 1000);
      child.on("message", onMessage);
      child.on("exit", onExit);
      child.send(job);
    });
  }

  close(): void {
    this.stop();
  }
}
