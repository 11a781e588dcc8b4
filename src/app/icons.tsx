import { bothThemes, titleIcon } from "../ui/icons";

/** An address the portal does not know: a magnifying glass. */
export const NOT_FOUND_ICON = bothThemes(titleIcon("search", "M4 11a7 7 0 1 0 14 0a7 7 0 1 0 -14 0M20 20l-4-4"));
