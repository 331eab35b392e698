/**
 * `npm run explore:screenshots`: docs/explore/lesson-N.png, each lesson of the page at 1280 px, and phone.png (the
 * first lesson on a 390 px wide phone), taken in Chromium from the folder `colloc explore --out` writes.
 */
import { mkdirSync } from "node:fs";
import { LESSONS } from "../../explore/model/lessons.ts";
import { act, buildSite, launch, open } from "./page.ts";

const OUT = "docs/explore";
mkdirSync(OUT, { recursive: true });
const url = await buildSite();
const browser = await launch();
try {
  const { page, errors } = await open(browser, url, { width: 1280, height: 900 });
  for (let i = 1; i <= LESSONS.length; i++) {
    await act(page, () => page.click(`#lesson-${i}`));
    await page.mouse.move(0, 0);
    await page.locator(":focus").blur();
    await page.screenshot({ path: `${OUT}/lesson-${i}.png`, fullPage: true });
    process.stdout.write(`${OUT}/lesson-${i}.png: ${LESSONS[i - 1].title}\n`);
  }
  if (errors.length > 0) throw new Error(errors.join("; "));
  const phone = await open(browser, url, { width: 390, height: 844 });
  await phone.page.screenshot({ path: `${OUT}/phone.png` });
  process.stdout.write(`${OUT}/phone.png\n`);
} finally {
  await browser.close();
}
