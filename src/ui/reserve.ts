// Loaded by the build configuration too (the host sheet), hence the file extensions.
import { LOGGED_IN_ATTRIBUTE } from "../contract/constants.ts";
import { BREAKPOINTS, TAGS, type ReservedSpace } from "../core/tags.ts";

/**
 * The room each element keeps before its content is there, so the host page does not jump when
 * the content arrives (heights: `reserve` in the tag registry). It applies twice: on the host
 * page before the tag is defined (the optional `/static/css/macc-elements.css`, written at build),
 * and inside the element while its texts load (`elements/reserve-sheet.ts`, generated, so that the
 * registry never ships to the browser). A tag whose height depends on the session keeps a
 * customer's room on a page marked with LOGGED_IN_ATTRIBUTE, in both places.
 */

/** For a tag that is not in the registry (tests, a tag being added). */
const FALLBACK_HEIGHT = 48;

function rules(selector: string, property: string, space: ReservedSpace): string {
  const rule = (height: number) => `${selector}{${property}:${height}px}`;
  const narrow = space.narrow && `@media (max-width:${BREAKPOINTS[space.narrow.upTo]}){${rule(space.narrow.height)}}`;
  return rule(space.wide) + (narrow || "");
}

/** A logged-in customer's room, for a tag whose height depends on the session. */
function loggedInSpace({ narrow, loggedIn }: ReservedSpace): ReservedSpace | undefined {
  return loggedIn && { wide: loggedIn.wide, narrow: narrow && { height: loggedIn.narrow ?? loggedIn.wide, upTo: narrow.upTo } };
}

/** The rules of each tag whose room differs for a logged-in customer, `selector` naming the tag. */
function loggedInRules(selector: (tag: string) => string, property: string): string[] {
  return TAGS.flatMap(({ tag, reserve }) => {
    const space = loggedInSpace(reserve);
    return space ? [rules(selector(tag), property, space)] : [];
  });
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

/** Inside an element that starts on a page marked for a logged-in customer, after elementReserveCss: the rooms that differ. */
export function loggedInReserveCss(): string {
  return loggedInRules((tag) => `:host(${tag})`, "--_reserve").join("\n");
}

/** For the host page: room for each tag until it is defined, and nothing once it is. */
export function hostPageCss(): string {
  const undefinedTag = (tag: string) => `${tag}:not(:defined)`;
  return [
    `${TAGS.map(({ tag }) => undefinedTag(tag)).join(",")}{display:block}`,
    ...TAGS.map(({ tag, reserve }) => rules(undefinedTag(tag), "min-height", reserve)),
    // More specific than the visitor's rules: they win at every width.
    ...loggedInRules((tag) => `:root[${LOGGED_IN_ATTRIBUTE}] ${undefinedTag(tag)}`, "min-height"),
  ].join("\n");
}
