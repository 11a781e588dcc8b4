/**
 * The height each element takes before its content is there, so the host page does not jump when
 * the content arrives. It applies twice: on the host page before the tag is defined (the optional
 * `/static/css/macc-elements.css`, built from this table), and inside the element while its
 * texts load. Header, login and footer were measured on the demo pages for a visitor; the others
 * are the usual height of their main state.
 */
export interface ReservedSpace {
  wide: string;
  /** At most NARROW wide, where columns stack. */
  narrow?: string;
}

export const NARROW = "36rem";

export const RESERVED_SPACE = {
  "macc-portal": { wide: "40rem" },
  "macc-header": { wide: "7.25rem", narrow: "4rem" },
  "macc-footer": { wide: "31.5rem", narrow: "57rem" },
  "macc-login": { wide: "32.875rem", narrow: "55.25rem" },
  "macc-maintenance": { wide: "8rem" },
  "macc-company-choice": { wide: "20rem" },
  "macc-info-confirmation": { wide: "30rem" },
  "macc-personal-info": { wide: "40rem" },
  "macc-password-update": { wide: "26rem" },
  "macc-forgot-password": { wide: "18rem" },
  "macc-login-help": { wide: "30rem" },
  "macc-dashboard": { wide: "20rem" },
  "macc-invoices": { wide: "36rem" },
  "macc-product-fleet": { wide: "24rem" },
  "macc-adviser": { wide: "14rem" },
  "macc-contacts": { wide: "24rem" },
  "macc-contact-form": { wide: "30rem" },
  "macc-registration": { wide: "36rem" },
} as const satisfies Record<string, ReservedSpace>;

export type MaccTag = keyof typeof RESERVED_SPACE;

function rules(selector: string, property: string, space: ReservedSpace): string {
  const rule = (value: string) => `${selector}{${property}:${value}}`;
  return rule(space.wide) + (space.narrow ? `@media (max-width:${NARROW}){${rule(space.narrow)}}` : "");
}

const isMaccTag = (tag: string): tag is MaccTag => Object.hasOwn(RESERVED_SPACE, tag);

/**
 * Inside an element, from its upgrade until its content is rendered (3rem for a tag not listed):
 * without it the element would collapse between the host sheet letting go and React's first commit.
 */
export function elementReserveCss(tag: string): string {
  return `:host{min-height:var(--_reserve)}${rules(":host", "--_reserve", isMaccTag(tag) ? RESERVED_SPACE[tag] : { wide: "3rem" })}`;
}

/** For the host page: room for each tag until it is defined, and nothing once it is. */
export function hostPageCss(): string {
  const tags = Object.keys(RESERVED_SPACE) as MaccTag[];
  const undefinedTag = (tag: string) => `${tag}:not(:defined)`;
  return [
    `${tags.map(undefinedTag).join(",")}{display:block}`,
    ...tags.map((tag) => rules(undefinedTag(tag), "min-height", RESERVED_SPACE[tag])),
  ].join("\n");
}
