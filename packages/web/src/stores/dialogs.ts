import { create } from 'zustand';

/** Reminder content types of spec §2. */
export type ReminderType = 1 | 2 | 3 | 4 | 5 | 6;

export interface DialogsState {
  feedbackOpen: boolean;
  reminder: ReminderType | null;
  settingsOpen: boolean;
  openFeedback(open: boolean): void;
  showReminder(type: ReminderType | null): void;
  openSettings(open: boolean): void;
}

export const useDialogs = create<DialogsState>()((set) => ({
  feedbackOpen: false,
  reminder: null,
  settingsOpen: false,
  openFeedback: (open) => set({ feedbackOpen: open }),
  showReminder: (type) => set({ reminder: type }),
  openSettings: (open) => set({ settingsOpen: open }),
}));
