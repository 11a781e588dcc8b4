// Types of marked-section.mjs, for its TypeScript callers (its test).
export function markedSection(file: string, name: string): string;
export function withMarkedSection(text: string, name: string, body: string): string;
