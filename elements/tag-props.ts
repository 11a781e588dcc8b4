// Generated from the tag registry (src/core/tags.ts) by `npm run generate`: edit the registry, not this file.
import type { AttributeType } from "../src/core/tags";

type Props = Readonly<Record<string, AttributeType>>;

/** Every element's: the registry's COMMON_ATTRIBUTES. */
export const COMMON_PROPS: Props = { locale: "string", theme: "string", apiBase: "string" };

/** Each tag's own attributes (a tag without any is absent). */
export const TAG_PROPS: Readonly<Record<string, Props>> = {
  "macc-portal": { base: "string" },
  "macc-login": { variant: "string" },
  "macc-product-fleet": { family: "string", view: "string" },
  "macc-service-request": { family: "string", product: "string" },
  "macc-basket": { view: "string" },
  "macc-add-to-basket": { item: "string", name: "string" },
};
