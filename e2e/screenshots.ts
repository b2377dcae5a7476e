// The screenshots a journey keeps when E2E_SCREENSHOT_DIR names a folder (README, "e2e"): one PNG
// per stage a person would want to see, named `<journey>-<stage>.png`; nothing when it is unset.
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** A function that saves `page` as `<journey>-<stage>.png` in E2E_SCREENSHOT_DIR, when set. */
export function journeyScreenshots(journey: string): (page: Page, stage: string) => Promise<void> {
  return async (page, stage) => {
    const folder = process.env.E2E_SCREENSHOT_DIR;
    if (folder) await page.screenshot({ path: join(folder, `${journey}-${stage}.png`) });
  };
}
