// Bills of lading and the tally in the browser: the logistics provider issues a B/L draft for
// JKT2-B008 (pre-filled from the batch: its containers and seals), completes and submits it; the shipper
// rejects it with a reason; the provider corrects and resubmits it; the shipper confirms it. On a 390 px
// phone the provider synchronises the tally of JKT2-B001 from its packing list and marks one box short:
// an abnormal record of that box appears for the shipper.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function batchId(page: Page, number: string) {
  const res = await page.request.get('/api/projectBatch?size=100');
  const body = (await res.json()) as { content: { id: number; batchNumber: string }[] };
  const batch = body.content.find((b) => b.batchNumber === number);
  if (!batch) throw new Error(`no ${number}`);
  return batch.id;
}

const okButton = (page: Page, name: RegExp) => page.locator('.ant-popconfirm').getByRole('button', { name });

describe('bill of lading', () => {
  it('is issued as a draft, rejected with a reason, corrected and confirmed', async () => {
    const provider = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(provider.page, ACCOUNTS.logistics);
    const B008 = await batchId(provider.page, 'JKT2-B008');
    await provider.page.goto(`/papers/billLading?batchId=${B008}`);
    await provider.page.getByRole('button', { name: '新建提单' }).click();
    await toast(provider.page, '已创建提单草稿').waitFor();
    const editor = provider.page.locator('.ant-modal').filter({ hasText: '集装箱与封号' });
    // Pre-filled from the batch: its containers and seals, the port of discharge.
    await editor.getByText('CN7731288').waitFor();
    await editor.getByText('CN7731289').waitFor();
    await editor.getByLabel('提单号').fill('E2E-BL-008');
    await editor.getByLabel('收货人').fill('PT PLN (Persero)');
    await editor.getByLabel('通知方').fill('SAME AS CONSIGNEE');
    await editor.getByLabel('货物描述').fill('POWER PLANT EQUIPMENT');
    await editor.getByLabel('运费条款').click();
    await provider.page.locator('.ant-select-dropdown').getByText('运费预付', { exact: true }).click();
    await editor.getByLabel('签发地点').fill('SHANGHAI');
    await editor.getByLabel('签发日期').fill('2026-11-20');
    await editor.getByLabel('签发日期').press('Enter');
    await shot(provider.page, 'lading-bl-draft-zh');
    await editor.getByRole('button', { name: '提交货主确认' }).click();
    await okButton(provider.page, /确\s*定/).click();
    await toast(provider.page, '已提交给货主').waitFor();
    await editor.getByText('已提交或已确认的提单只读').waitFor();
    await provider.page.keyboard.press('Escape');

    const shipper = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    await shipper.page.goto(`/papers/billLading?batchId=${B008}`);
    const theirs = shipper.page.locator('.ant-table-row').filter({ hasText: 'E2E-BL-008' });
    await theirs.getByText('Submitted', { exact: true }).waitFor();
    await theirs.getByText('View', { exact: true }).click();
    // The form's opening animation done, the click lands on the footer's button.
    await shipper.page.locator('.bl-commands').waitFor();
    await shipper.page.waitForTimeout(500);
    await shipper.page.locator('.bl-commands').getByRole('button', { name: 'Reject' }).click();
    const rejectModal = shipper.page.locator('.ant-modal').filter({ hasText: 'Reject B/L E2E-BL-008' });
    await rejectModal.locator('textarea').fill('Consignee address missing');
    await rejectModal.locator('.ant-modal-footer').getByRole('button', { name: 'Reject' }).click();
    await toast(shipper.page, 'Rejected').waitFor();
    await shipper.page.keyboard.press('Escape');
    await theirs.getByText('Rejected (draft again)').waitFor();

    await provider.page.reload();
    const row = provider.page.locator('.ant-table-row').filter({ hasText: 'E2E-BL-008' });
    await row.getByText('Consignee address missing').waitFor();
    await row.getByText('编辑', { exact: true }).click();
    await editor.getByText('被驳回：Consignee address missing').waitFor();
    await editor.getByLabel('收货人').fill('PT PLN (Persero)\nJl. Gatot Subroto Kav. 18, Jakarta 12950');
    await editor.getByRole('button', { name: '提交货主确认' }).click();
    await okButton(provider.page, /确\s*定/).click();
    await toast(provider.page, '已提交给货主').waitFor();
    await provider.context.close();

    // The shipper confirms from the list: the row's commands are its server-sent actions.
    await shipper.page.reload();
    await theirs.getByText('Confirm B/L', { exact: true }).click();
    await okButton(shipper.page, /OK|Yes/).click();
    await toast(shipper.page, 'Confirmed').waitFor();
    await theirs.getByText('Confirmed', { exact: true }).waitFor();
    await shot(shipper.page, 'lading-bl-confirmed-en');
    const listed = await shipper.page.request.get(`/api/billLading?batchId=${B008}&blurry=E2E-BL-008`);
    const [bl] = ((await listed.json()) as { content: { consignee: string; status: number }[] }).content;
    expect(bl).toMatchObject({ status: 2, consignee: expect.stringContaining('Gatot Subroto') });
    await shipper.context.close();
  });
});

describe('a B/L draft not complete yet', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`marks the fields a submission needs and, refused, names the missing ones in words (${lang})`, async () => {
      const zh = lang === 'zh';
      const provider = await newPage(browser, { lang, width: 1440 });
      await signIn(provider.page, ACCOUNTS.logistics);
      const B008 = await batchId(provider.page, 'JKT2-B008');
      await provider.page.goto(`/papers/billLading?batchId=${B008}`);
      // The demo's draft (no date of issue yet).
      const draft = provider.page
        .locator('.ant-table-row')
        .filter({ hasNotText: 'E2E-BL-008' })
        .filter({ has: provider.page.getByText(zh ? '编辑' : 'Edit', { exact: true }) })
        .first();
      await draft.getByText(zh ? '编辑' : 'Edit', { exact: true }).click();
      const editor = provider.page
        .locator('.ant-modal')
        .filter({ hasText: zh ? '集装箱与封号' : 'Containers' });
      await editor.locator('form').waitFor();
      expect(await editor.locator('.ant-form-item-required').count()).toBe(15);
      // The vessel is picked from the register.
      await editor.getByTestId('vessel-name-select').waitFor();
      await editor.getByRole('button', { name: zh ? '提交货主确认' : 'Submit to shipper' }).click();
      await okButton(provider.page, zh ? /确\s*定/ : /OK|Yes/).click();
      const refusal = toast(provider.page, zh ? /签发日期/ : /Date of issue/);
      await refusal.waitFor();
      expect(await refusal.innerText()).not.toMatch(/dateOfIssue/);
      await editor
        .getByText(zh ? '提交前须填写' : 'Needed before submitting')
        .first()
        .waitFor();
      await shot(provider.page, `lading-bl-incomplete-${lang}`);
      await provider.context.close();
    });
  }
});

describe('tally sheet', () => {
  it('is synchronised on a phone and one box marked short raises an abnormal record', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh', width: 390 });
    await signIn(page, ACCOUNTS.logistics);
    const B001 = await batchId(page, 'JKT2-B001');
    await page.goto(`/papers/tallySheet?batchId=${B001}`);
    await page.getByRole('button', { name: '从装箱单同步' }).click();
    await toast(page, /已同步：新增 \d+ 件箱件/).waitFor();
    const card = page.locator('.tally-card').first();
    await card.waitFor();
    const boxNumber = (await card.getAttribute('data-box')) ?? '';
    await card.getByLabel(`理货结果 ${boxNumber}`).click();
    await page.locator('.ant-select-dropdown:visible').getByText('短少', { exact: true }).click();
    await card.getByLabel(`理货数量 ${boxNumber}`).fill('0');
    await card.getByLabel(`备注 ${boxNumber}`).fill('箱内缺件');
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, `已保存箱件 ${boxNumber} 的理货结果`).waitFor();
    const tallied = page.locator(`.tally-card[data-box="${boxNumber}"]`);
    await tallied.locator('.ant-tag').getByText('短少').waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'lading-tally-phone-zh');
    await context.close();

    const shipper = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    const res = await shipper.page.request.get(`/api/abnormalRecord?batchId=${B001}&size=100`);
    const records = (
      (await res.json()) as { content: { boxNumber: string; abnormalType: string; note: string }[] }
    ).content;
    expect(records.filter((r) => r.boxNumber === boxNumber && r.abnormalType === 'shortage')).toEqual([
      expect.objectContaining({ note: '箱内缺件' }),
    ]);
    await shipper.page.goto(`/papers/tallySheet?batchId=${B001}`);
    await shipper.page.locator('.ant-table-row').filter({ hasText: boxNumber }).getByText('Short').waitFor();
    await shot(shipper.page, 'lading-tally-shipper-en');
    await shipper.context.close();
  });
});
