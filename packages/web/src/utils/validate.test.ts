import { describe, expect, it } from 'vitest';
import {
  byteLength,
  isPasswordLengthOk,
  isStrongPassword,
  isValidEmail,
  isValidFeedbackLength,
  isValidIp,
  isValidMobile,
  isValidMobileLegacy,
  isValidStringLength,
  trimStrings,
} from './validate.ts';

describe('validators of spec §5', () => {
  it('IP: four parts of 0-255, empty allowed', () => {
    expect(isValidIp('')).toBe(true);
    expect(isValidIp('192.168.0.1')).toBe(true);
    expect(isValidIp('255.255.255.255')).toBe(true);
    expect(isValidIp('256.1.1.1')).toBe(false);
    expect(isValidIp('1.2.3')).toBe(false);
    expect(isValidIp('01.2.3.4')).toBe(false);
  });
  it('mobile: 11 digits starting with 1, empty allowed', () => {
    expect(isValidMobile('')).toBe(true);
    expect(isValidMobile('13800000001')).toBe(true);
    expect(isValidMobile('10000000000')).toBe(true);
    expect(isValidMobile('23800000001')).toBe(false);
    expect(isValidMobile('1380000000')).toBe(false);
    expect(isValidMobileLegacy('16800000001')).toBe(false);
    expect(isValidMobileLegacy('17800000001')).toBe(true);
  });
  it('email', () => {
    expect(isValidEmail('a.b@example.com')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });
  it('string byte length: 0-255 count 1, others 4', () => {
    expect(byteLength('ab')).toBe(2);
    expect(byteLength('中文')).toBe(8);
    expect(isValidStringLength('中', 1, 4)).toBe(true);
    expect(isValidStringLength('中a', 1, 4)).toBe(false);
  });
  it('password strength: 8-16, no Chinese, 3 of 4 classes', () => {
    expect(isStrongPassword('Admin@2026')).toBe(true);
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('abcdEFG1')).toBe(true);
    expect(isStrongPassword('Ab1!')).toBe(false);
    expect(isStrongPassword('Abcdefg1密码')).toBe(false);
    expect(isStrongPassword('Abcdefgh12345678X')).toBe(false);
    expect(isPasswordLengthOk('12345')).toBe(false);
    expect(isPasswordLengthOk('123456')).toBe(true);
  });
  it('feedback length 1-500', () => {
    expect(isValidFeedbackLength('')).toBe(false);
    expect(isValidFeedbackLength('x'.repeat(500))).toBe(true);
    expect(isValidFeedbackLength('x'.repeat(501))).toBe(false);
  });
  it('trims every string field', () => {
    expect(trimStrings({ a: ' x ', b: 1 })).toEqual({ a: 'x', b: 1 });
  });
});
