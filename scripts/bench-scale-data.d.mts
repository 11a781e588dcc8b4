// Types of bench-scale-data.mjs's pure parts, for its TypeScript callers (its test).
export interface MeasuredCompany {
  n: number;
  role: "50000" | "5000" | "200" | "zip";
  invoices: number;
}
export const MEASURED: MeasuredCompany[];
export function measuredAt(total: number): MeasuredCompany[];
export function batches(plan: [n: number, invoices: number][], batchRows?: number): { from: number; to: number; rows: number }[];
export function activityDraw(): { kinds: string[]; categories: string[]; bounds: number[] };
