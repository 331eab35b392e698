import test from "ava";
import { escapeHtml, formatValue, htmlTable } from "../../report/html-table.ts";

test("numbers are rounded for reading without losing small ones", (t) => {
  t.is(formatValue(3), "3");
  t.is(formatValue(1234.56789), "1234.568");
  t.is(formatValue(0.000123456), "0.0001235");
  t.is(formatValue(-1.4210854715202004e-14), "-1.42e-14");
  t.is(formatValue(null), "–");
});

test("markup in text is escaped", (t) => {
  t.is(escapeHtml(`<a href="x">&'</a>`), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
});

test("a missing cell shows as a dash and numbers are right-aligned", (t) => {
  const html = htmlTable(["job", "jct"], [{ job: "j1", jct: 2.5 }, { job: "j2" }]);
  t.regex(html, /<tr><td>j1<\/td><td class="num">2\.5<\/td><\/tr>/);
  t.regex(html, /<tr><td>j2<\/td><td>–<\/td><\/tr>/);
});
