/**
 * The widths where the elements change layout, declared once. Style sheets name them as custom
 * media, `@media (--header-collapses)`, which the build resolves from here (vite.config.ts,
 * `customMedia()`: the build, the dev server, Storybook and the tests share it); code reads
 * `mediaQuery()` (matchMedia); the tag registry reserves each element's narrow height up to one.
 * Written in `rem`: in a media query that is the browser's default font size, never the host
 * page's root size.
 */
export const BREAKPOINTS = {
  /** Columns stack (controls, basket, bank details; the footer's and the login's reserved height). */
  columnsStack: "36rem",
  /** The header collapses to one bar (header.css, Header.tsx). */
  headerCollapses: "48rem",
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Up to a breakpoint's width, as matchMedia and `@media` take it: `(max-width: 48rem)`. */
export const mediaQuery = (breakpoint: Breakpoint): string => `(max-width: ${BREAKPOINTS[breakpoint]})`;

/** A breakpoint's custom media name in the style sheets: `--header-collapses` for headerCollapses. */
export const customMediaName = (breakpoint: Breakpoint): string => `--${breakpoint.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
