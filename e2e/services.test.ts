// The payment tool, translation and weather in the browser, against stand-ins this test starts
// on loopback: the admin saves payment settings and pays a test order through a gateway that verifies
// the RSA2 request and notifies the server; a translation comes from the glossary, then from a
// translation service the admin points the product at; the weather page shows a batch's forecast from
// an Open-Meteo stand-in with its warning, and the shipper's batch workbench warns too.
import { generateKeyPairSync } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlipayGateway, startOpenMeteo, startTranslator } from '../packages/server/test/stand-ins.ts';
import { ACCOUNTS, BASE_URL, launch, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Browser;
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
let gateway: Awaited<ReturnType<typeof startAlipayGateway>>;
let translator: Awaited<ReturnType<typeof startTranslator>>;
let meteo: Awaited<ReturnType<typeof startOpenMeteo>>;

beforeAll(async () => {
  browser = await launch();
  gateway = await startAlipayGateway({
    appPublicKey: appKeys.publicKey,
    platformPrivateKey: platformKeys.privateKey,
  });
  translator = await startTranslator({ phrases: { 请在周五前发货: 'Please ship before Friday' } });
  meteo = await startOpenMeteo({ storm: (lat) => lat < 0 });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([gateway?.close(), translator?.close(), meteo?.close()]);
});

async function adminPage(path: string, lang: 'zh' | 'en' = 'zh') {
  const { page, context } = await newPage(browser, { lang, width: 1440 });
  await signIn(page, ACCOUNTS.admin);
  await page.goto(path);
  return { page, context };
}

describe('services', () => {
  it('the admin saves payment settings and a test payment is paid through the stand-in gateway', async () => {
    const { page, context } = await adminPage('/tools/aliPay');
    const tool = page.getByTestId('payment-tool');
    await tool.getByLabel('应用 ID（APPID）').fill('2021000122600001');
    await tool.getByLabel('网关地址').fill(`${gateway.url}/gateway.do`);
    await tool
      .getByLabel('应用私钥')
      .fill(appKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    await tool
      .getByLabel('支付平台公钥')
      .fill(platformKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));
    await expect(tool.getByLabel('异步通知地址（notify_url）').inputValue()).resolves.toBe(
      `${BASE_URL}/api/aliPay/notify`,
    );
    await tool.getByRole('button', { name: '保存参数' }).click();
    await toast(page, '支付参数已保存').waitFor();
    await tool.getByText('已保存私钥；留空则保持不变').waitFor();

    const popup = page.waitForEvent('popup');
    await tool.getByRole('button', { name: '去支付' }).click();
    const payer = await popup;
    // The gateway verified the signature, notified the server and sent the payer back to the tool.
    await payer.waitForURL(/\/tools\/aliPay\?outTradeNo=TL\d+&verified=1/);
    await payer.getByText(/已从支付网关返回：订单 TL\d+/).waitFor();
    expect(gateway.requests.at(-1)?.verified).toBe(true);
    expect(gateway.notifications.at(-1)).toMatchObject({ status: 200, answer: 'success' });
    await payer.close();
    // The list follows the notification.
    await tool.locator('.ant-table-row').first().getByText('已支付').waitFor();
    await shot(page, 'services-payment-zh');
    await context.close();
    const en = await adminPage('/tools/aliPay', 'en');
    await en.page.getByTestId('payment-tool').locator('.ant-table-row').first().getByText('Paid').waitFor();
    await shot(en.page, 'services-payment-en');
    await en.context.close();
  });

  it('translates from the glossary, then through the service the admin configures', async () => {
    const { page, context } = await adminPage('/tools/translate');
    const tool = page.getByTestId('translate-tool');
    await tool.getByLabel('原文').fill('变压器');
    await tool.getByRole('button', { name: /翻\s*译/ }).click();
    await tool.getByTestId('translation').getByText('transformer', { exact: true }).waitFor();
    await tool.getByTestId('translation').getByText('术语库').waitFor();
    // Not in the glossary and no service yet: the reason, not an error.
    await tool.getByLabel('原文').fill('请在周五前发货');
    await tool.getByRole('button', { name: /翻\s*译/ }).click();
    await tool.getByText('无法翻译：词库中没有该词条，且翻译服务未配置').waitFor();

    await page.goto('/tools/weather');
    const settings = page.getByTestId('service-settings');
    await settings.getByLabel('翻译服务地址（LibreTranslate 兼容）').fill(translator.url);
    await settings.getByRole('button', { name: '保存设置' }).click();
    await toast(page, '服务设置已保存').waitFor();

    await page.goto('/tools/translate');
    await tool.getByLabel('原文').fill('请在周五前发货');
    await tool.getByRole('button', { name: /翻\s*译/ }).click();
    await tool.getByTestId('translation').getByText('Please ship before Friday').waitFor();
    await tool.getByTestId('translation').getByText('翻译服务').waitFor();
    expect(translator.requests.at(-1)).toMatchObject({ q: '请在周五前发货', source: 'zh', target: 'en' });
    await shot(page, 'services-translate-zh');
    await context.close();

    // The material row's English name is filled from its Chinese name by the translate button: the
    // supplier's own bilingual material name comes before the glossary's 'main transformer'.
    const sup = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(sup.page, ACCOUNTS.supplier);
    await sup.page.goto('/supplies/index?batchId=3');
    await sup.page.locator('.ant-table-row').first().getByRole('button', { name: 'Edit' }).click();
    const drawer = sup.page.locator('.ant-drawer');
    await drawer.getByLabel('Name (Chinese)').fill('主变压器');
    await drawer.getByLabel('Name (English)').fill('');
    await drawer.getByTestId('translate-name').click();
    await expect.poll(() => drawer.getByLabel('Name (English)').inputValue()).toBe('Main power transformer');
    await toast(sup.page, 'Translation filled in (Your materials)').waitFor();
    await shot(sup.page, 'services-material-translate-en');
    await sup.context.close();
    const en = await adminPage('/tools/translate', 'en');
    const tool2 = en.page.getByTestId('translate-tool');
    await tool2.getByLabel('Text').fill('把控制电缆和断路器装进木箱');
    await tool2.getByRole('button', { name: 'Translate' }).click();
    await tool2.getByText('Glossary terms found').waitFor();
    await shot(en.page, 'services-translate-en');
    await en.context.close();
  });

  it('the weather page shows a batch forecast from the stand-in with its warning, in zh and en', async () => {
    const { page, context } = await adminPage('/tools/weather');
    const settings = page.getByTestId('service-settings');
    await settings.getByLabel('天气服务地址（Open-Meteo 兼容）').fill(meteo.url);
    await settings.getByRole('button', { name: '保存设置' }).click();
    await toast(page, '服务设置已保存').waitFor();
    // Other tests add batches: the batch is looked up by its number, as a user with many batches would.
    await page.getByTestId('weather-batch').click();
    await page.getByTestId('weather-batch').locator('input').fill('JKT2-B001');
    await page.locator('.ant-select-item-option').filter({ hasText: 'JKT2-B001' }).first().click();
    const forecast = page.getByTestId('weather-forecast');
    await forecast.getByTestId('weather-loading').getByText('Shanghai (CNSGH)').waitFor();
    await forecast.getByTestId('weather-discharge').locator('.ant-table-row').nth(6).waitFor();
    await forecast
      .getByTestId('weather-warning')
      .getByText(/卸货港 New Priok Port \(IDCTO\)：大风、强降水/)
      .waitFor();
    await shot(page, 'services-weather-zh');
    await context.close();

    // The shipper's batch workbench warns, in English.
    const en = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(en.page, ACCOUNTS.shipper);
    await en.page.goto('/project/batch?batchId=1');
    await en.page
      .getByTestId('weather-warning')
      .getByText(/Port of discharge New Priok Port \(IDCTO\): strong wind, heavy rain/)
      .waitFor();
    await en.page.getByTestId('weather-warning').scrollIntoViewIfNeeded();
    await shot(en.page, 'services-workbench-weather-en');
    await en.page.getByRole('button', { name: 'Open weather' }).click();
    await en.page.getByTestId('weather-site').getByText('Project site').waitFor();
    await shot(en.page, 'services-weather-en');
    await en.context.close();
  });
});
