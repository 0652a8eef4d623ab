import { describe, expect, it } from 'vitest';
import {
  DeclareStatus,
  declaredPriceOf,
  declareMachine,
  divideLines,
  divRound,
  fromMinor,
  lineAmount,
  missingElements,
  parseElementTemplate,
  sumMoney,
  ticketProblem,
  toMinor,
} from '../src/customs.ts';
import { changesState } from '../src/workflow.ts';

describe('declared price = total purchase price × premium rate ÷ conversion factor', () => {
  it('CNY purchase declared in USD, rounded half up to cents', () => {
    // 1 000 000 × 1.05 ÷ 7.1 = 147 887.323943… → 147 887.32
    expect(
      declaredPriceOf({
        totalPurchasePrice: '1000000.00',
        purchaseCurrency: 'CNY',
        premiumRate: '1.05',
        conversionFactor: '7.1',
        declaredCurrency: 'USD',
      }),
    ).toBe('147887.32');
  });
  it('rounds a half cent up (half away from zero), never down', () => {
    // 0.01 × 1.5 ÷ 1 = 0.015 → 0.02
    expect(
      declaredPriceOf({
        totalPurchasePrice: '0.01',
        purchaseCurrency: 'USD',
        premiumRate: '1.5',
        conversionFactor: '1',
        declaredCurrency: 'USD',
      }),
    ).toBe('0.02');
    // 100.00 × 1 ÷ 3 = 33.333… → 33.33; 200.00 ÷ 3 = 66.666… → 66.67
    const at = (t: string) =>
      declaredPriceOf({
        totalPurchasePrice: t,
        purchaseCurrency: 'EUR',
        premiumRate: '1',
        conversionFactor: '3',
        declaredCurrency: 'USD',
      });
    expect(at('100.00')).toBe('33.33');
    expect(at('200.00')).toBe('66.67');
  });
  it('declares JPY with no decimals and reads BHD with three', () => {
    expect(
      declaredPriceOf({
        totalPurchasePrice: '1234.56',
        purchaseCurrency: 'USD',
        premiumRate: '1',
        conversionFactor: '0.006757',
        declaredCurrency: 'JPY',
      }),
    ).toBe('182708'); // 1234.56 ÷ 0.006757 = 182708.30…
    expect(
      declaredPriceOf({
        totalPurchasePrice: '10.125',
        purchaseCurrency: 'BHD',
        premiumRate: '1.0000',
        conversionFactor: '0.376',
        declaredCurrency: 'USD',
      }),
    ).toBe('26.93'); // 26.928191… → 26.93
  });
  it('is exact where floats are not: 0.1 + 0.2 summed as money', () => {
    expect(sumMoney(['0.10', '0.20', '0.30'])).toBe('0.60');
    expect(lineAmount('3', '0.1')).toBe('0.30');
    expect(lineAmount('12500', '38.5')).toBe('481250.00');
    expect(lineAmount('0.333', '0.015')).toBe('0.00'); // 0.004995 → 0.00
    expect(lineAmount('1', '0.005')).toBe('0.01'); // half up
  });
  it('refuses an input with more decimals than its scale instead of rounding it silently', () => {
    expect(() => toMinor('1.005', 2)).toThrow();
    expect(fromMinor(-5n, 2)).toBe('-0.05');
    expect(divRound(-3n, 2n)).toBe(-2n);
  });
});

describe('automatic division into tickets', () => {
  it('120 lines of two trade modes make 4 tickets, none over 50, none mixed', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      id: i + 1,
      tradeMode: i % 2 ? '3422' : '0110',
      contractNumber: 'C-1',
    }));
    const tickets = divideLines(lines);
    expect(tickets).toHaveLength(4);
    expect(tickets.map((t) => t.length)).toEqual([50, 10, 50, 10]);
    for (const t of tickets) expect(ticketProblem(t)).toBeUndefined();
    expect(
      tickets
        .flat()
        .map((l) => l.id)
        .sort((a, b) => a - b),
    ).toEqual(lines.map((l) => l.id));
  });
  it('never puts two contracts in one ticket', () => {
    const tickets = divideLines([
      { id: 1, tradeMode: '0110', contractNumber: 'A' },
      { id: 2, tradeMode: '0110', contractNumber: 'B' },
      { id: 3, tradeMode: '0110', contractNumber: 'A' },
    ]);
    expect(tickets.map((t) => t.map((l) => l.id))).toEqual([[1, 3], [2]]);
    expect(
      ticketProblem([
        { id: 1, tradeMode: '0110', contractNumber: 'A' },
        { id: 2, tradeMode: '0110', contractNumber: 'B' },
      ]),
    ).toBe('customs.ticket_mixed');
  });
});

describe('declaration elements', () => {
  it('reads the tariff template and finds what a line leaves empty', () => {
    const t = parseElementTemplate('0:品牌类型;1:出口享惠情况;2:品名;3:用途;4:品牌;5:型号');
    expect(t).toEqual(['品牌类型', '出口享惠情况', '品名', '用途', '品牌', '型号']);
    expect(
      missingElements(t, { 品牌类型: '0', 出口享惠情况: '3', 品名: '变压器', 用途: ' ', 品牌: '上海电气' }),
    ).toEqual(['用途', '型号']);
  });
});

describe('a declaration reopened by an edit', () => {
  it('is a move only from returned: an edit keeps a draft a draft', () => {
    expect(changesState(declareMachine, DeclareStatus.returned, 'edit')).toBe(true);
    expect(changesState(declareMachine, DeclareStatus.draft, 'edit')).toBe(false);
    // Nothing edits a submitted declaration at all.
    expect(changesState(declareMachine, DeclareStatus.submitted, 'edit')).toBe(false);
  });
});
