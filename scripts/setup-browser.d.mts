// Types of setup-browser.mjs, for its TypeScript callers (playwright.config.ts, its test).
export function findBrowser(env?: Record<string, string | undefined>, exists?: (path: string) => boolean): string | null;
export function packagesToInstall(browser: string | null, extras: string[]): string[];
