import { create } from 'zustand';

export interface TagView {
  path: string;
  /** Path with the query string. */
  fullPath: string;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagsState {
  views: TagView[];
  addView(view: TagView): void;
  /** Returns the views left. */
  closeView(path: string): TagView[];
  closeOthers(path: string): TagView[];
  closeAll(): TagView[];
  reset(): void;
}

/** Where to go after closing the active tab: the last view left, or home. */
export function nextPathAfterClose(left: TagView[]): string {
  return left.length ? left[left.length - 1].fullPath : '/';
}

export const useTags = create<TagsState>()((set, get) => ({
  views: [],
  addView(view) {
    const views = get().views;
    const i = views.findIndex((v) => v.path === view.path);
    if (i >= 0) {
      if (views[i].fullPath !== view.fullPath) {
        set({ views: views.map((v, j) => (j === i ? { ...v, fullPath: view.fullPath } : v)) });
      }
      return;
    }
    // Affixed tabs stay in front.
    set({ views: view.affix ? [view, ...views] : [...views, view] });
  },
  closeView(path) {
    const views = get().views.filter((v) => v.path !== path || v.affix);
    set({ views });
    return views;
  },
  closeOthers(path) {
    const views = get().views.filter((v) => v.path === path || v.affix);
    set({ views });
    return views;
  },
  closeAll() {
    const views = get().views.filter((v) => v.affix);
    set({ views });
    return views;
  },
  reset: () => set({ views: [] }),
}));
