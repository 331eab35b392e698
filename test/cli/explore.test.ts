import test from "ava";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { colloc } from "./colloc.ts";

const scratch = () => mkdtempSync(join(tmpdir(), "colloc-explore-cli-"));
const FILES = ["data.js", "explore.js", "index.html", "style.css"];

test("--out writes the static folder, byte for byte the same each time", async (t) => {
  const dir = scratch();
  const [a, b] = [join(dir, "a"), join(dir, "b")];
  const [first, second] = [
    await colloc("explore", "--out", a, "--no-runs"),
    await colloc("explore", "--out", b, "--no-runs"),
  ];
  t.is(first.code, 0, first.stderr);
  t.is(second.code, 0, second.stderr);
  t.is(first.stdout, `${a}: open ${join(a, "index.html")} in a browser (or serve the folder)\n`);
  t.deepEqual(readdirSync(a).sort(), FILES);
  for (const f of FILES) t.true(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f);
  t.regex(readFileSync(join(a, "data.js"), "utf8"), /"measured":\[\]/);
  // Nothing for the browser to fetch from elsewhere: no URL in the page, its style or its script.
  for (const f of ["index.html", "style.css"]) t.notRegex(readFileSync(join(a, f), "utf8"), /https?:\/\//);
  // The bundle took nothing of Node (esbuild, bundling for the browser, fails on a Node built-in).
  t.notRegex(readFileSync(join(a, "explore.js"), "utf8"), /require\(|node:(fs|path|url)/);
});

test("a set that does not exist, or a bad port, exits 2 with one line and writes nothing", async (t) => {
  const dir = scratch();
  const out = join(dir, "site");
  const set = await colloc("explore", "--set", "no-such-set", "--out", out);
  t.is(set.code, 2);
  t.is(
    set.stderr,
    `colloc: no-such-set: expected a calibration set: a folder with parameters.json or a shipped set name (a100, h200)\n`,
  );
  const port = await colloc("explore", "--port", "http", "--out", out);
  t.is(port.code, 2);
  t.is(
    port.stderr,
    `colloc: --port: expected a port number from 0 to 65535 (0: any free port), got "http"\n`,
  );
  t.false(existsSync(out));
});

test("served on the loopback interface until stopped; a port in use exits 2", async (t) => {
  const child = spawn(process.execPath, ["bin/colloc.js", "explore", "--port", "0", "--no-runs"]);
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before serving`)));
  });
  try {
    const page = await fetch(url);
    t.is(page.status, 200);
    t.regex(await page.text(), /<title>colloc explore/);
    t.is((await fetch(`${url}data.js`)).headers.get("content-type"), "text/javascript; charset=utf-8");
    t.is((await fetch(`${url}nothing-here`)).status, 404);

    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const taken = (busy.address() as AddressInfo).port;
    const refused = await colloc("explore", "--port", String(taken), "--no-runs");
    busy.close();
    t.is(refused.code, 2);
    t.regex(refused.stderr, new RegExp(`^colloc: --port ${taken}: cannot listen there \\(EADDRINUSE\\)`));
  } finally {
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    t.is(await exited, 0);
  }
});

test("runs of another GPU than the set's are left out with a warning, not silently", async (t) => {
  const out = join(scratch(), "site");
  const run = await colloc("explore", "--runs", "calibration/data/h100-runs-h7", "--out", out);
  t.is(run.code, 0, run.stderr);
  t.regex(
    run.stderr,
    /^warning: none of the 21 runs in calibration\/data\/h100-runs-h7 is a setup the page shows on H200-141GB .*predictions only\n$/,
  );
  t.deepEqual(readdirSync(out).sort(), FILES);
});
