import { create } from 'zustand';
import { MOBILE_BREAKPOINT, SIDEBAR_COOKIE, SIZE_COOKIE } from '../config.ts';
import { getCookie, setCookie } from '../utils/cookie.ts';

export type ElementSize = 'small' | 'middle' | 'large';
export type Device = 'desktop' | 'mobile';

export interface AppState {
  sidebarOpened: boolean;
  device: Device;
  size: ElementSize;
  toggleSidebar(): void;
  closeSidebar(): void;
  setDevice(device: Device): void;
  setSize(size: ElementSize): void;
}

function readSize(): ElementSize {
  const v = getCookie(SIZE_COOKIE);
  return v === 'middle' || v === 'large' ? v : 'small';
}

export function deviceFor(width: number): Device {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

export const useApp = create<AppState>()((set, get) => ({
  sidebarOpened: getCookie(SIDEBAR_COOKIE) !== '0',
  device: typeof window === 'undefined' ? 'desktop' : deviceFor(window.innerWidth),
  size: readSize(),
  toggleSidebar() {
    const next = !get().sidebarOpened;
    setCookie(SIDEBAR_COOKIE, next ? '1' : '0');
    set({ sidebarOpened: next });
  },
  closeSidebar() {
    setCookie(SIDEBAR_COOKIE, '0');
    set({ sidebarOpened: false });
  },
  setDevice: (device) => set({ device }),
  setSize(size) {
    setCookie(SIZE_COOKIE, size);
    set({ size });
  },
}));
