import test from "ava";
import { formatTable } from "../../cli/table.ts";

test("numbers, numbers with a unit or a note, and placeholders are right-aligned; names are not", (t) => {
  const table = formatTable(
    ["workload", "MIG", "img/s", "makespan", "error %"],
    [
      ["resnet26", "7g.141gb", "3258", "72.2 s", -8.8],
      ["resnet152", "1g.18gb", "908 (2/7 OOM)", "12.5 min", 0.5],
      ["cait", "4g.71gb+2g.35gb", "OOM", "4.02 ± 0.22", null],
    ],
  );
  t.is(
    table,
    [
      "workload   MIG                      img/s     makespan  error %",
      "---------  ---------------  -------------  -----------  -------",
      "resnet26   7g.141gb                  3258       72.2 s    -8.80",
      "resnet152  1g.18gb          908 (2/7 OOM)     12.5 min     0.50",
      "cait       4g.71gb+2g.35gb            OOM  4.02 ± 0.22        -",
      "",
    ].join("\n"),
  );
});

test("a column of words only stays left-aligned", (t) => {
  t.is(formatTable(["mode"], [["-"], ["mps"]]), "mode\n----\n-\nmps\n");
});
