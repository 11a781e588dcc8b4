// Loaded by the build configuration too (the host sheet), hence the file extensions.
import { BREAKPOINTS, TAGS, type ReservedSpace } from "../core/tags.ts";

/**
 * The room each element keeps before its content is there, so the host page does not jump when
 * the content arrives (heights: `reserve` in the tag registry). It applies twice: on the host
 * page before the tag is defined (the optional `/static/css/macc-elements.css`, written at build),
 * and inside the element while its texts load (`elements/reserve-sheet.ts`, generated, so that the
 * registry never ships to the browser).
 */

/** For a tag that is not in the registry (tests, a tag being added). */
const FALLBACK_HEIGHT = 48;

function rules(selector: string, property: string, space: ReservedSpace): string {
  const rule = (height: number) => `${selector}{${property}:${height}px}`;
  const narrow = space.narrow && `@media (max-width:${BREAKPOINTS[space.narrow.upTo]}){${rule(space.narrow.height)}}`;
  return rule(space.wide) + (narrow || "");
}

/**
 * Inside every element, from its upgrade until its content is rendered: without it the element
 * would collapse between the host sheet letting go and React's first commit. One sheet for all
 * tags, each host matched by its name.
 */
export function elementReserveCss(): string {
  return [
    `:host{min-height:var(--_reserve,${FALLBACK_HEIGHT}px)}`,
    ...TAGS.map(({ tag, reserve }) => rules(`:host(${tag})`, "--_reserve", reserve)),
  ].join("\n");
}

/** For the host page: room for each tag until it is defined, and nothing once it is. */
export function hostPageCss(): string {
  const undefinedTag = (tag: string) => `${tag}:not(:defined)`;
  return [
    `${TAGS.map(({ tag }) => undefinedTag(tag)).join(",")}{display:block}`,
    ...TAGS.map(({ tag, reserve }) => rules(undefinedTag(tag), "min-height", reserve)),
  ].join("\n");
}
