// The auxiliary services: translation (glossary first, then the configured service), weather forecasts
// of a batch's ports and site or of ports by code, and where those services live (their settings).
import { z } from 'zod';
import {
  alipaySettingsAnswer,
  paymentPageAnswer,
  serviceSettingsAnswer,
  testPaymentAnswer,
  translateAnswer,
  weatherAnswer,
} from '../answers/services.ts';
import {
  alipayConfigInput,
  alipayTestPayInput,
  paymentNoticeInput,
  paymentPageQuery,
  serviceSettingsInput,
  translateQuery,
  weatherBatchParams,
  weatherPortsQuery,
} from '../services.ts';
import { operation } from './operation.ts';

export const servicesOps = {
  translate: operation({
    method: 'GET',
    path: '/api/auxiliary/translate',
    summary: 'Translate zh↔en (glossary first)',
    tags: ['auxiliary'],
    caller: { permission: 'translate:use' },
    query: translateQuery,
    answer: translateAnswer,
  }),
  batchWeather: operation({
    method: 'GET',
    path: '/api/weather/batch/:id',
    summary: "Forecast for a batch's ports and project site",
    tags: ['weather'],
    caller: { signedIn: true },
    // The batch's id is the path's `:id` (the client fills it from the input; the server parses it there).
    query: weatherBatchParams.partial(),
    answer: weatherAnswer,
  }),
  portWeather: operation({
    method: 'GET',
    path: '/api/weather/ports',
    summary: 'Forecast for UN/LOCODE ports',
    tags: ['weather'],
    caller: { signedIn: true },
    query: weatherPortsQuery,
    answer: weatherAnswer,
  }),
  settings: operation({
    method: 'GET',
    path: '/api/services/settings',
    summary: 'Where the translation and weather services live, and the weather limits',
    tags: ['services'],
    caller: { permission: 'services:edit' },
    answer: serviceSettingsAnswer,
  }),
  saveSettings: operation({
    method: 'PUT',
    path: '/api/services/settings',
    summary: 'Save where the translation and weather services live, and the weather limits',
    tags: ['services'],
    caller: { permission: 'services:edit' },
    body: serviceSettingsInput,
    answer: serviceSettingsAnswer,
  }),
  alipaySettings: operation({
    method: 'GET',
    path: '/api/aliPay',
    summary: 'The payment settings (the private key only as held or not)',
    tags: ['aliPay'],
    caller: { permission: 'aliPay:list' },
    answer: alipaySettingsAnswer,
  }),
  saveAlipaySettings: operation({
    method: 'PUT',
    path: '/api/aliPay',
    summary: 'Save the payment settings',
    tags: ['aliPay'],
    caller: { permission: 'aliPay:edit' },
    body: alipayConfigInput,
    answer: alipaySettingsAnswer,
  }),
  testPayment: operation({
    method: 'POST',
    path: '/api/aliPay/toPayAsPC',
    summary: "Start a test payment: the gateway's signed page-pay request",
    tags: ['aliPay'],
    caller: { permission: 'aliPay:edit' },
    body: alipayTestPayInput,
    answer: testPaymentAnswer,
  }),
  payments: operation({
    method: 'GET',
    path: '/api/aliPay/trades',
    summary: 'The test payments, newest first',
    tags: ['aliPay'],
    caller: { permission: 'aliPay:list' },
    query: paymentPageQuery,
    answer: paymentPageAnswer,
  }),
  paymentNotice: operation({
    method: 'POST',
    path: '/api/aliPay/notify',
    summary: 'Payment notification (from the gateway)',
    tags: ['aliPay'],
    // The gateway proves itself by its signature (the command's external caller), not by a session.
    caller: { public: true },
    body: paymentNoticeInput,
    answer: z.literal('success').meta({ description: 'the word the gateway waits for, as text/plain' }),
  }),
  paymentReturn: operation({
    method: 'GET',
    path: '/api/aliPay/return',
    summary: "The payer's return from the gateway: redirected to the payment page with the verified outcome",
    tags: ['aliPay'],
    caller: { public: true },
    // The gateway's signed parameters; a forged or missing signature is a redirect too (verified=0).
    // Kept whole (a loose object): the signature covers every parameter the gateway sent.
    query: z.looseObject({
      out_trade_no: z.string().max(64).optional(),
      sign: z.string().max(1024).optional(),
      sign_type: z.string().max(10).optional(),
    }),
    answer: z.string().meta({ description: 'none: a redirect (302) to the payment page' }),
  }),
};
