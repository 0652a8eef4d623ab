// The control tower in the browser: each party's home shows how many of its batches are late, at risk or on
// track (the demo: one late, one at risk) and a click lists them; the late batch opens on its workbench with
// its plan — planned, baseline, actual and projected dates, the required-on-site date, the health tag; the
// exception inbox shows what waits for the caller. In zh and en; screenshots at 1440 px and phone width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, login, newPage, shot } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const countOf = async (page: Page, key: string) =>
  (await page.getByTestId(`tower-${key}`).locator('.ant-statistic-content-value').innerText()).trim();

describe('control tower', () => {
  it('the shipper sees one late and one at-risk batch, lists the late one and opens its plan (zh)', async () => {
    const { page, context } = await newPage(browser, { lang: 'zh', width: 1440 });
    await login(page, ACCOUNTS.shipper);
    await page.goto('/');
    const card = page.getByTestId('tower-card');
    await card.getByText('控制塔').waitFor();
    await expect(countOf(page, 'late')).resolves.toBe('1');
    await expect(countOf(page, 'atRisk')).resolves.toBe('1');
    expect(Number(await countOf(page, 'onTrack'))).toBeGreaterThan(5);
    await page.getByTestId('tower-late').click();
    const listed = page.getByTestId('tower-batches');
    await listed.getByText('JKT2-B007').waitFor();
    await expect(listed.locator('.ant-list-item').count()).resolves.toBe(1);
    await card.getByText('待我处理的异常').waitFor();
    await card.getByText('现场是否接受分批到货', { exact: false }).waitFor();
    await shot(page, 'tower-home-zh-1440');
    await listed.getByText('JKT2-B007').click();
    const plan = page.getByTestId('plan-panel');
    await plan.getByText('批次计划').waitFor();
    await expect(plan.getByTestId('plan-health').innerText()).resolves.toBe('延误');
    await plan.getByText('装船离港 (ETD)').waitFor();
    await plan.getByRole('button', { name: '保存基线' }).waitFor();
    await plan.scrollIntoViewIfNeeded();
    await shot(page, 'tower-plan-zh-1440');
    await context.close();
  });

  it('the logistics provider sees the late lot it carries and its inbox, on a phone and at 1440 (en)', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 390 });
    await login(page, ACCOUNTS.logistics);
    await page.goto('/');
    const card = page.getByTestId('tower-card');
    await card.getByText('Control tower').waitFor();
    await expect(countOf(page, 'late')).resolves.toBe('1');
    await card.getByText('Exceptions waiting for me').waitFor();
    await card.getByText('Confirm the new sailing', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Resolve' }).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'tower-home-en-phone');
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.getByTestId('tower-late').click();
    await page.getByTestId('tower-batches').getByText('JKT2-B007').click();
    const plan = page.getByTestId('plan-panel');
    await expect(plan.getByTestId('plan-health').innerText()).resolves.toBe('Late');
    await plan.getByText('Required on site').waitFor();
    await plan.getByText('Shipped (ETD)').waitFor();
    // A partner reads the plan; only the shipper edits it.
    await expect(plan.getByRole('button', { name: 'Save baseline' }).count()).resolves.toBe(0);
    await plan.scrollIntoViewIfNeeded();
    await shot(page, 'tower-plan-en-1440');
    await context.close();
  });
});
