import { describe, expect, it } from 'vitest';
import {
  byteLength,
  EMAIL_RE,
  formatBytes,
  formatTime,
  groupThousands,
  hasChinese,
  isEmail,
  isIp,
  isMobile,
  isPasswordLengthOk,
  isStrLenWithin,
  isStrongPassword,
  MOBILE_RE_OLD,
  shorten,
  trimStrings,
  zFeedbackText,
} from '../src/validators.ts';

describe('validators of spec §5', () => {
  it('IP: four parts of 0-255, empty allowed', () => {
    expect(isIp('')).toBe(true);
    expect(isIp('192.168.0.1')).toBe(true);
    expect(isIp('255.255.255.255')).toBe(true);
    expect(isIp('256.1.1.1')).toBe(false);
    expect(isIp('1.2.3')).toBe(false);
    expect(isIp('01.2.3.4')).toBe(false);
  });
  it('mobile: 11 digits starting with 1, empty allowed; the older prefixes', () => {
    expect(isMobile('')).toBe(true);
    expect(isMobile('13800000001')).toBe(true);
    expect(isMobile('10000000000')).toBe(true);
    expect(isMobile('23800000001')).toBe(false);
    expect(isMobile('1380000000')).toBe(false);
    expect(MOBILE_RE_OLD.test('16800000001')).toBe(false);
    expect(MOBILE_RE_OLD.test('17800000001')).toBe(true);
  });
  it('email: the one pattern the server checks too', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    expect(isEmail('a_b@mail_host.example.com')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('')).toBe(false);
    expect(EMAIL_RE.test('a%b@example.com')).toBe(false);
  });
  it('string byte length: 0-255 count 1, others 4', () => {
    expect(byteLength('ab')).toBe(2);
    expect(byteLength('中文')).toBe(8);
    expect(isStrLenWithin('中', 1, 4)).toBe(true);
    expect(isStrLenWithin('中a', 1, 4)).toBe(false);
  });
  it('password strength: 8-16, no Chinese, 3 of 4 classes; the labels say 6-16', () => {
    expect(isStrongPassword('Admin@2026')).toBe(true);
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('abcdEFG1')).toBe(true);
    expect(isStrongPassword('Ab1!')).toBe(false);
    expect(isStrongPassword('Abcdefg1密码')).toBe(false);
    expect(isStrongPassword('Abcdefg1\u3400')).toBe(false);
    expect(isStrongPassword('Abcdefgh12345678X')).toBe(false);
    expect(isPasswordLengthOk('12345')).toBe(false);
    expect(isPasswordLengthOk('123456')).toBe(true);
    expect(isPasswordLengthOk('x'.repeat(17))).toBe(false);
  });
  it('Chinese characters', () => {
    expect(hasChinese('请求失败')).toBe(true);
    expect(hasChinese('Request failed')).toBe(false);
  });
  it('feedback text: required, 1-500 characters, messages are catalogue codes', () => {
    expect(zFeedbackText.safeParse('x'.repeat(500)).success).toBe(true);
    expect(zFeedbackText.safeParse('  ').error?.issues[0]?.message).toBe('validation.feedback_required');
    expect(zFeedbackText.safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe(
      'validation.feedback_length',
    );
  });
  it('trims every string field', () => {
    expect(trimStrings({ a: ' x ', b: 1 })).toEqual({ a: 'x', b: 1 });
  });
});

describe('formatting of spec §9', () => {
  it('shortens strings over 14 characters to the first 6 and the last 7', () => {
    expect(shorten('12345678901234')).toBe('12345678901234');
    expect(shorten('ABCDEF123456789XYZ')).toBe('ABCDEF...6789XYZ');
  });
  it('timestamps: 10-digit numbers and digit strings are seconds', () => {
    const local = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatTime(local)).toBe('2026-01-02 03:04:05');
    expect(formatTime(local.getTime())).toBe('2026-01-02 03:04:05');
    expect(formatTime(local.getTime() / 1000)).toBe('2026-01-02 03:04:05');
    expect(formatTime(String(local.getTime() / 1000))).toBe('2026-01-02 03:04:05');
    expect(formatTime(local.toISOString())).toBe('2026-01-02 03:04:05');
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a time')).toBe('');
  });
  it('byte counts read as KB, MB or GB', () => {
    expect(formatBytes(1)).toBe('1 KB');
    expect(formatBytes(66 * 1024)).toBe('66 KB');
    expect(formatBytes(12.5 * 2 ** 20)).toBe('12.5 MB');
    expect(formatBytes(5 * 2 ** 30)).toBe('5.00 GB');
  });
  it('amounts read with their thousands grouped, exactly as sent', () => {
    expect(groupThousands('8400000.00')).toBe('8,400,000.00');
    expect(groupThousands('12990000.00')).toBe('12,990,000.00');
    expect(groupThousands('999.99')).toBe('999.99');
    expect(groupThousands('-1234567.891')).toBe('-1,234,567.891');
    expect(groupThousands('1000')).toBe('1,000');
    // Digits past a float's precision stay as they were.
    expect(groupThousands('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(groupThousands('n/a')).toBe('n/a');
  });
});
