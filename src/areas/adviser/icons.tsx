import { bothThemes, titleIcon } from "../../ui/icons";

/** The adviser: a person. */
export const ADVISER_ICON = bothThemes(titleIcon("user", "M8 8a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M4 21a8 8 0 0 1 16 0"));
