// Shapes the workbench's parts share.
export type Lang = 'zh' | 'en';
export type Option = { value: string; label: string };
/** Runs a call, says it is done and refreshes the workbench; false when it failed (the client showed why). */
export type Run = (f: () => Promise<unknown>, ok?: string) => Promise<boolean>;
